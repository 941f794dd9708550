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
UNSPACED = "\u0e00-\u0e7f\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
"""Scripts written without spaces between words (Thai, CJK, kana, Hangul with its particles,
full-width forms): their text runs straight into a Latin path ("前端页面是routes/index.vue文件")."""
NAME_CHAR = rf"[^\W{UNSPACED}]"
"""A character of a path's name: a letter, digit or ``_`` of a spaced script. A path stops
where such a script's text starts, as a reader sees it, and never swallows the sentence around it."""
# A path has a slash between name characters, or is a file name with a known extension.
PATH_PATTERN = (
    rf"(?:\.{{0,2}}/)?(?:(?:{NAME_CHAR}|[.-])+/)+(?:{NAME_CHAR}|[.-])*"
    rf"|(?:{NAME_CHAR}|-)(?:{NAME_CHAR}|[.-])*\.(?:{_EXT})"
)
PATH_TOKEN = re.compile(rf"^(?:{PATH_PATTERN})$")
"""A whole token that is a path."""
