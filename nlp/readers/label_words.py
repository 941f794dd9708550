"""The words that head a line like a speaker's name but label it, in the languages besides
English that the project reads (``nlp.cue_languages``: Russian, Chinese).

Now that a speaker's name may be written in any script, "Ответ: …" or "决定: …" would pass
for a person called Ответ or 决定; the transcript reader's English lists say the same words
in English ("Answer:", "Decision:"), and these lists say them as a Russian or Chinese team
writes them. Written from the English lists' meaning; Chinese in both simplified and
traditional characters. Compared lower-cased.
"""

from __future__ import annotations

LABELS = frozenset(
    {
        # note(s), summary, agenda, context, rationale, update, subject, topic, question, answer, status, consequences
        "примечание", "примечания", "заметка", "заметки", "резюме", "сводка", "повестка", "повестка дня",
        "контекст", "обоснование", "обновление", "тема", "вопрос", "ответ", "статус", "последствия",
        "注", "注意", "备注", "備註", "笔记", "筆記", "摘要", "总结", "總結", "议程", "議程", "背景", "理由",
        "更新", "主题", "主題", "话题", "話題", "问题", "問題", "回答", "状态", "狀態", "后果", "後果",
    }
)
"""A line's content labelled: what follows continues the turn before."""
RECORDS = frozenset(
    {
        # decision(s), decided, resolved, resolution, agreed, consensus, proposal, proposed, outcome,
        # conclusion, action (items), todo
        "решение", "решения", "решили", "решено", "постановили", "резолюция", "согласовано", "договорились",
        "консенсус", "предложение", "предложено", "итог", "итоги", "результат", "вывод", "выводы",
        "действие", "действия", "задачи",
        "决定", "決定", "决策", "決策", "决议", "決議", "结论", "結論", "共识", "共識", "提议", "提議", "提案",
        "结果", "結果", "行动", "行動", "行动项", "行動項", "待办", "待辦", "待办事项", "待辦事項",
    }
)
"""A record the group made: a message of its own, with no author."""
