"""What a file path looks like in text: the pattern the tokenizer keeps whole and the
linker finds paths with.

It lives apart from ``nlp.language`` so that a reader of paths (``nlp.linking``, and through
it every conversation reader) does not import spaCy: a CLI ``search`` reads no text.
"""

from __future__ import annotations

import re

FILE_EXTENSIONS = (
    "py", "pyi", "js", "jsx", "ts", "tsx", "go", "java", "kt", "rb", "rs", "md", "c", "h", "cc", "cpp",
    "hpp", "cs", "swift", "scala", "php", "sql", "sh", "yaml", "yml", "json", "toml", "ini", "cfg",
    "proto", "graphql", "gql", "html", "css", "scss", "vue", "svelte", "tf", "cypher", "txt", "xml",
)
_EXT = "|".join(FILE_EXTENSIONS)
# A path has a slash between name characters, or is a file name with a known extension.
PATH_PATTERN = rf"(?:\.{{0,2}}/)?(?:[\w.-]+/)+[\w.-]*|[\w-][\w.-]*\.(?:{_EXT})"
PATH_TOKEN = re.compile(rf"^(?:{PATH_PATTERN})$")
"""A whole token that is a path."""
