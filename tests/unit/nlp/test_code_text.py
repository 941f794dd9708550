from __future__ import annotations

from nlp.code_text import code_mask, is_code, prose_of, prose_parts
from nlp.prose import prose


def _code_lines(text: str) -> list[str]:
    mask = code_mask(text)
    found, position = [], 0
    for line in text.split("\n"):
        if line.strip() and any(mask[position : position + len(line)]):
            found.append(line.strip())
        position += len(line) + 1
    return found


def test_an_indented_fence_inside_a_fence_opened_at_the_margin_stays_inside_it() -> None:
    pasted = (
        "Help me with:\n```\nTask 1: keep metadata in one class.\n    ```python\n    def merge(self, other):\n"
        "        return other\n    ```\nRepeat this in every plugin.\n```\nThanks."
    )
    assert _code_lines(pasted) == [line.strip() for line in pasted.split("\n")[1:9]]
    # ``prose`` (what the detector reads) closes the outer fence at the indented one: the
    # function body is left as text there, and only here is it code.
    assert "def merge" in prose(pasted)
    assert prose_of(pasted) == "Help me with: Thanks."


def test_code_pasted_without_fences_is_code_line_by_line_and_prose_around_it_is_not() -> None:
    pasted = (
        "Kindly make the sidebar narrower:\n"
        "return (\n"
        '    <div className="flex flex-col h-full">\n'
        '      <Card className="p-4">\n'
        "    </div>\n"
        ");\n"
        "const [open, setOpen] = useState(false);\n"
        "merged_data = {**self.data, **other.data}\n"
        "@dataclass(frozen=True)\n"
        "class SimpleTypeMeta:\n"
        '    """Kept as a dictionary."""\n'
        "at div (<anonymous>)\n"
        "<<<<<<< Updated upstream\n"
        "It should fit on a phone."
    )
    assert _code_lines(pasted) == [line.strip() for line in pasted.split("\n")[1:-1]]


def test_prose_that_only_looks_a_little_like_code_is_prose() -> None:
    for line in (
        "Moreover, color code them (borders, not text) to the following;",
        "<manu> we decided to use JSON-LD for the context",
        "Return the value to the caller when it is cached.",
        "# Decision: use PostgreSQL",
        "Use `App.js` for the state; `calculate.js` stays pure.",
    ):
        assert _code_lines(line) == [], line


def test_a_file_name_on_the_line_before_a_fence_is_the_code_s_label() -> None:
    reply = "Here's the updated `App.js` file:\n\nsrc\\component\\App.js\n```javascript\nimport React from 'react';\n```\nDone."
    assert prose_of(reply) == "Here's the updated `App.js` file: Done."
    assert prose_parts(reply) == ["Here's the updated `App.js` file:", "Done."]


def test_a_span_is_code_when_it_holds_code_and_says_nothing_without_it() -> None:
    text = "Kindly implement this TODO:\nconst total = items.length;\nOK"
    assert not is_code(text, 0, text.index("\nOK"))  # a request above its code is prose
    assert is_code(text, text.index("const"), text.index("\nOK"))
    assert not is_code(text, text.index("OK"))  # short, but no code in it


def test_an_agent_s_tool_call_written_as_a_line_is_not_prose() -> None:
    answer = ("Now let's examine the current implementation of the method:\n"
              "Read file: /home/runner/workspace/plugins/pandas/types.py\n"
              "I read the file you named and kept the registry as it was.")
    assert _code_lines(answer) == ["Read file: /home/runner/workspace/plugins/pandas/types.py"]


def test_stack_frames_logs_command_lines_sql_and_listings_are_code_and_prose_beside_them_is_not() -> None:
    code = [
        "\tat org.apache.coyote.AbstractProtocol$ConnectionHandler.process(AbstractProtocol.java:868)",
        "      at createDescriptor (E:\\AI\\app\\node_modules\\@vitejs\\plugin-vue\\dist\\index.cjs:84:43)",
        "      at Array.forEach (<anonymous>)",
        "    at chunk-F4MNEPC5.js?v=fb0ed7be:1548:20",
        "Caused by: java.sql.SQLException: Access denied",
        "\t... 23 more",
        "2025-04-09 10:26:01.123  INFO 1234 --- [main] o.a.i.s.d.DefaultSqlSession@16eb185b",
        "$ npm run dev",
        "PS E:\\AI\\projects\\smart-tourism> yarn dev",
        "D:\\software\\java\\jdk1.8.0_162\\bin\\java.exe -Dfile.encoding=UTF-8",
        "CREATE TABLE scenic_spot (",
        "    scenic_id VARCHAR(20) PRIMARY KEY COMMENT '景点ID',",
        ") COMMENT='景点信息表';",
        "│   ├── member/",
        "└── .github/",
    ]
    prose_lines = [
        "We should fix the start-up first.",
        "Let's meet at noon (12:30) and look at it.",
        "Create table definitions later, then select the one we need from the list.",
    ]
    text = "\n".join([prose_lines[0], *code, *prose_lines[1:]])
    assert _code_lines(text) == [line.strip() for line in code]
