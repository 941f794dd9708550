"""Technologies the detector and extractor recognise, with the tag each one implies.

A maintained list, not a model: add a line when a team's stack names something missing.
Keys are lower-case surface forms; values are (canonical name, tag).
"""

from __future__ import annotations

TECHNOLOGIES: dict[str, tuple[str, str]] = {
    # databases and stores
    "postgres": ("PostgreSQL", "database"), "postgresql": ("PostgreSQL", "database"),
    "mysql": ("MySQL", "database"), "mariadb": ("MariaDB", "database"), "sqlite": ("SQLite", "database"),
    "mongodb": ("MongoDB", "database"), "mongo": ("MongoDB", "database"), "dynamodb": ("DynamoDB", "database"),
    "cassandra": ("Cassandra", "database"), "neo4j": ("Neo4j", "database"), "redis": ("Redis", "cache"),
    "memcached": ("Memcached", "cache"), "elasticsearch": ("Elasticsearch", "search"),
    "opensearch": ("OpenSearch", "search"), "snowflake": ("Snowflake", "database"),
    "bigquery": ("BigQuery", "database"), "clickhouse": ("ClickHouse", "database"),
    "cockroachdb": ("CockroachDB", "database"), "oracle": ("Oracle", "database"),
    "s3": ("S3", "storage"), "leveldb": ("LevelDB", "database"), "rocksdb": ("RocksDB", "database"),
    "chromadb": ("ChromaDB", "database"), "yaml": ("YAML", "format"), "json": ("JSON", "format"),
    "protobuf": ("Protobuf", "format"), "avro": ("Avro", "format"), "csv": ("CSV", "format"),
    # APIs and protocols
    "rest": ("REST", "api"), "graphql": ("GraphQL", "api"), "grpc": ("gRPC", "api"),
    "websocket": ("WebSocket", "api"), "websockets": ("WebSocket", "api"), "soap": ("SOAP", "api"),
    "openapi": ("OpenAPI", "api"), "http/2": ("HTTP/2", "api"), "jwt": ("JWT", "auth"),
    "oauth": ("OAuth", "auth"), "oauth2": ("OAuth", "auth"), "saml": ("SAML", "auth"),
    "oidc": ("OIDC", "auth"), "ldap": ("LDAP", "auth"), "mtls": ("mTLS", "security"),
    # messaging
    "kafka": ("Kafka", "messaging"), "rabbitmq": ("RabbitMQ", "messaging"), "nats": ("NATS", "messaging"),
    "sqs": ("SQS", "messaging"), "pubsub": ("Pub/Sub", "messaging"), "jetstream": ("JetStream", "messaging"),
    "zeromq": ("ZeroMQ", "messaging"), "mqtt": ("MQTT", "messaging"),
    # languages and runtimes
    "python": ("Python", "language"), "golang": ("Go", "language"),
    "rust": ("Rust", "language"), "java": ("Java", "language"), "kotlin": ("Kotlin", "language"),
    "typescript": ("TypeScript", "language"), "javascript": ("JavaScript", "language"),
    "node": ("Node.js", "runtime"), "node.js": ("Node.js", "runtime"), "c++": ("C++", "language"),
    "scala": ("Scala", "language"), "ruby": ("Ruby", "language"), "php": ("PHP", "language"),
    "swift": ("Swift", "language"), "elixir": ("Elixir", "language"), "wasm": ("WebAssembly", "runtime"),
    # frameworks
    "django": ("Django", "framework"), "flask": ("Flask", "framework"), "fastapi": ("FastAPI", "framework"),
    "starlette": ("Starlette", "framework"), "spring": ("Spring", "framework"), "rails": ("Rails", "framework"),
    "react": ("React", "frontend"), "vue": ("Vue", "frontend"), "angular": ("Angular", "frontend"),
    "svelte": ("Svelte", "frontend"), "next.js": ("Next.js", "frontend"), "nextjs": ("Next.js", "frontend"),
    "tailwind": ("Tailwind", "frontend"), "htmx": ("htmx", "frontend"), "celery": ("Celery", "framework"),
    "spacy": ("spaCy", "ml"), "pytorch": ("PyTorch", "ml"), "tensorflow": ("TensorFlow", "ml"),
    # infrastructure
    "kubernetes": ("Kubernetes", "infrastructure"), "k8s": ("Kubernetes", "infrastructure"),
    "docker": ("Docker", "infrastructure"), "terraform": ("Terraform", "infrastructure"),
    "helm": ("Helm", "infrastructure"), "ansible": ("Ansible", "infrastructure"),
    "aws": ("AWS", "cloud"), "gcp": ("GCP", "cloud"), "azure": ("Azure", "cloud"),
    "lambda": ("Lambda", "cloud"), "heroku": ("Heroku", "cloud"), "vercel": ("Vercel", "cloud"),
    "nginx": ("nginx", "infrastructure"), "envoy": ("Envoy", "infrastructure"), "istio": ("Istio", "infrastructure"),
    "prometheus": ("Prometheus", "observability"), "grafana": ("Grafana", "observability"),
    "opentelemetry": ("OpenTelemetry", "observability"), "datadog": ("Datadog", "observability"),
    "sentry": ("Sentry", "observability"), "github actions": ("GitHub Actions", "ci"),
    "jenkins": ("Jenkins", "ci"), "circleci": ("CircleCI", "ci"), "travis": ("Travis CI", "ci"),
    "gitlab": ("GitLab", "ci"), "bazel": ("Bazel", "build"), "webpack": ("Webpack", "build"),
    "vite": ("Vite", "build"), "monorepo": ("monorepo", "architecture"),
    "microservices": ("microservices", "architecture"), "monolith": ("monolith", "architecture"),
    "serverless": ("serverless", "architecture"), "event sourcing": ("event sourcing", "architecture"),
    "cqrs": ("CQRS", "architecture"),
}

CATEGORY_WORDS: dict[str, tuple[str, ...]] = {
    "technical": ("database", "api", "cache", "architecture", "infrastructure", "language", "framework",
                  "library", "protocol", "schema", "deploy", "build", "ci", "service", "code", "performance"),
    "product": ("feature", "customer", "user", "pricing", "release", "roadmap", "design", "ux", "launch",
                "button", "remote", "market"),
    "process": ("meeting", "process", "vote", "cadence", "review", "governance", "policy", "team",
                "hiring", "rfc", "maintainer", "chair", "secretary"),
}

# Surface forms that are also common English words: matched only as the canonical
# spelling (REST, Rust, Spring ...), never in lower case.
CASE_SENSITIVE: frozenset[str] = frozenset(
    {"rest", "rust", "swift", "spring", "lambda", "node", "helm", "oracle", "react", "rails", "flask",
     "ruby", "vue", "envoy", "sentry", "vite", "jenkins", "celery", "angular", "svelte", "s3", "nats",
     "soap", "json", "csv", "java", "scala", "elixir", "travis", "istio", "avro", "grafana"}
)
