"""Who and which files a coding-assistant session names: only what its talk says in prose.

Code (fenced, pasted, inline), stack frames, logs, command lines, SQL, directory listings and
an assistant's own text name no people; code, stack frames and listings name no files.
"""

from __future__ import annotations

import pytest

from nlp.language import LanguageInfo
from nlp.pipeline import OfflinePipeline
from nlp.schema import Conversation, ExtractedDecision, Message


def _run(language: LanguageInfo, *turns: tuple[str, str]) -> list[ExtractedDecision]:
    messages = tuple(
        Message(id=f"s#{seq}", seq=seq, author=role, role=role, content=text) for seq, (role, text) in enumerate(turns)
    )
    return list(OfflinePipeline(language).run(Conversation(session_id="s", source_format="specstory", messages=messages)).decisions)


_PASTED = (
    "The server fails on start:\n"
    "2025-04-09 10:26:01.123  INFO 1234 --- [main] DefaultSqlSession@16eb185b : Closing session\n"
    "\tat org.apache.coyote.AbstractProtocol$ConnectionHandler.process(AbstractProtocol.java:868)\n"
    "    at chunk-F4MNEPC5.js?v=fb0ed7be:1548:20\n"
    "D:\\software\\java\\jdk1.8.0_162\\bin\\java.exe -Dfile.encoding=UTF-8 -jar app.jar\n"
    "CREATE TABLE scenic_spot (\n"
    "    scenic_id VARCHAR(20) PRIMARY KEY COMMENT '景点ID',\n"
    "    name VARCHAR(100) NOT NULL COMMENT '景点名称'\n"
    ") COMMENT='景点信息表';\n"
    "Run `npx playwright test --grep @smoke` first. Should the session pool be HikariCP or Druid?"
)


def test_a_sessions_code_logs_and_assistant_text_name_no_one_and_prose_does(language: LanguageInfo) -> None:
    [decision] = _run(
        language,
        ("user", _PASTED),
        ("assistant", "HikariCP is faster. Tag the checks @smoke and @critical, and mark the bean\n@Primary\nto wire it."),
        ("user", "We decided to use HikariCP for the session pool because it is faster. Ask @dana to review it."),
    )
    assert [s.handle for s in decision.stakeholders] == ["@dana"]


@pytest.mark.parametrize("said", [
    "本项目旨在开发一个智慧旅游平台，该平台分为前端门户端（游客使用）和前端管理端（管理员使用）。项目的主要目标是根据论文中提供的功能要求，开发Java 后端系统。",
    "* POST /api/order/create: 提交酒店预订订单。\n* GET /api/order/list: 获取用户所有订单。",
], ids=["sentence", "list-items"])
def test_a_run_of_a_script_without_spaces_is_no_person(language: LanguageInfo, said: str) -> None:
    # The English model tags runs of Chinese it never read as people ("提交酒店预订订单").
    [decision] = _run(
        language,
        ("user", "Should the API be REST or GraphQL?"),
        ("user", f"We decided to use REST for the API because the admin portal already speaks it.\n{said}"),
    )
    assert [s.handle for s in decision.stakeholders] == []


def test_a_decisions_files_are_the_paths_its_talk_names_not_its_code(language: LanguageInfo) -> None:
    [decision] = _run(
        language,
        ("user", "Should the schemas live in one folder or beside each domain?"),
        ("assistant", (
            "Let's keep them in one folder: I'll create `src/schemas/index.ts` and document it in docs/schemas.md.\n\n"
            "```diff\n+ export * from './member';\n+ import { IAuthHook } from \"../typing\";\n"
            "+ await expect(page).toHaveTitle(/Best Shot/);\n```\n\n"
            "   ```\n   best-shot/\n   ├── src/\n   │   ├── domains/\n   └── .github/\n   ```\n"
            "It needs Node.js 20.\n"
            "\tat org.apache.coyote.AbstractProtocol$ConnectionHandler.process(AbstractProtocol.java:868)"
        )),
        ("user", "OK, we decided to keep every schema in one folder, src/schemas/, because one place is easier to find."),
    )
    assert decision.related_code == ("src/schemas/index.ts", "docs/schemas.md", "src/schemas/")
