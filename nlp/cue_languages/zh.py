"""Chinese decision cues: the English lists of ``nlp.decision_cues`` said as a Chinese speaker
says them to a colleague or a coding assistant (决定用…, 就用…吧, 改用…, 同意, 要不…, 也许 …).

Written from the English lists' meaning, not from any labelled session. Matched on the text
folded to simplified characters (``FOLDING``), so a traditional-script turn (決定, 還是, 選擇)
fires the same cues. No word boundaries: Chinese puts no space between words.
"""

from __future__ import annotations

from nlp.cue_languages.lexicon import CueLexicon, compiled

_TRADITIONAL = "決還選擇這樣換讓們說應該麼為議薦確沒對問題認贊繼續遷棄廢結論終後採納準駁種個覺實現統刪計劃辦聽開嗎當從來給將會與過"
_SIMPLIFIED = "决还选择这样换让们说应该么为议荐确没对问题认赞继续迁弃废结论终后采纳准驳种个觉实现统删计划办听开吗当从来给将会与过"
FOLDING = str.maketrans(_TRADITIONAL, _SIMPLIFIED)
"""The traditional characters the patterns use, to their simplified forms."""

_VERB = "用|使用|采用|改用|换成|换用|改成|保留|去掉|删掉|不用|不再用|选|按照?|统一用?|坚持用?|继续用"
"""What is chosen to do with a thing: use, adopt, switch to, keep, drop, follow."""
_STOP = "[^，。！？?,;；\n]"
"""A character inside one clause."""

LEXICON = CueLexicon(
    language="zh",
    strong=compiled(
        # we decided / chose / settled (决定, 选定, 商定, 说好), with a subject or an object
        "(?:我们|咱们|我|大家)(?:已经|最终|最后|还是|就)?(?:决定|选定|选了|选择了|选用了|采用了|商定|说好|定了)",
        f"决定(?:了|就|{_VERB}|不)",
        # let's go with / stick with X: 就用X吧, 还是用X吧, 那就按X
        f"(?:那就|那么就|就|还是)(?:{_VERB}){_STOP}{{0,40}}吧",
        "就这么(?:办|定|做)|就这样(?:吧|定了|做|办)|定下来了|拍板",
        # the plan is, the final choice
        "(?:最终|最后)的?(?:方案|决定|选择)|(?:方案|计划|做法)就是",
        # is approved / adopted / rejected
        "(?:已经?|被)(?:批准|采纳|否决|选定|采用)",
        r"^\W*(?:决定了|定了|同意|就这样)\W*$",
    ),
    keyword=compiled("决定|决策[:：]|就用|(?:我们|咱们)应该|同意|共识|选择|选定|批准|定下|将使用|会使用"),
    pattern=compiled(
        "(?:我们|咱们)(?:将|会|要|应该|应当|决定|同意)",
        "(?:我们|咱们)?(?:就|来)(?:用|使用|采用|实现)",
        "(?:决定|方案|计划|做法)就?是",
        "我(?:会|将|来)(?:用|使用|采用|实现)",
    ),
    cue=compiled(
        "选|采用|采纳|接受|拒绝|坚持|继续用|保留|改用|换成|换用|改成|改为|切换|迁移|替换|替代|代替|取代",
        "弃用|废弃|不再用|投票|结论|最终|而不是|而非|与其|不用|不要用|别用|让我们|咱们|决定|同意",
        "方案是|计划是|做法是",
    ),
    we_commit=compiled(
        "(?:我们|咱们)(?:将|会|要|打算|准备)"
        "(?:用|使用|采用|改用|换成|换用|保留|去掉|删除|删掉|迁移|切换|实现|统一|坚持|继续用|放弃|不用|不再)"
    ),
    lets=compiled(
        r"\W*(?:(?:好的?|那么?|行|嗯)[，,\s]*)?(?:让我们|咱们|(?:我们)?(?:就|还是|直接)(?:用|使用|采用|改用|换成|换用|保留|选|按))"
    ),
    reply=compiled(r"\W*(?:好的?|可以|行|嗯+|对|是的|没问题|同意|ok|收到|明白|谢谢)"),
    agreement=compiled(
        r"\W*(?:同意|赞同|赞成|没问题|就这么办|就这样|就这么做|就按|按你说的|按照你说的|听你的|照你说的|照这个)",
        r"\W*(?:好的?|可以的?|行|ok|嗯)[，,。！!\s]*(?:就|那就|按|照|开始|这么|我们就|咱们)",
        r"\W*(?:开始吧|干吧|做吧|去做吧)",
    ),
    proposal=compiled(
        "我?建议|推荐|要不(?:要|然)?|不如|(?:我们|咱们)可以|可以考虑|或许可以|一个(?:方案|选择|办法|思路)",
        "是否应该|要不要|应不应该|我觉得(?:我们|咱们)?(?:应该|可以)|(?:怎么样|如何)\\s*[？?]",
    ),
    hedge=compiled("也许|或许|可能|大概|不确定|不太确定|说不定|待定|再想想|还没想好|考虑一下|我在想|不知道"),
    negated=compiled("(?:还|尚|并)?(?:没有|没|未)(?:决定|定下|确定|同意|选定|达成)|不同意|反对|没有共识|未定|悬而未决"),
    question_start=compiled(
        r"\W*(?:为什么|为何|怎么|怎样|如何|是否|能否|能不能|可不可以|可否|哪|什么|是不是|有没有|要不要|该不该|应该|请问|你觉得|您觉得)"
    ),
    question_end=compiled(r"吗\W*$"),
    conditional=compiled(r"\W*(?:如果|假如|要是|若|一旦|除非|当(?!前|然))"),
    acceptance=compiled("采纳|批准|否决|驳回|被接受|已接受|被拒绝|已拒绝"),
    offer=compiled(
        "需要我|要我|要不要我|是否需要|是否要|您?希望|你想要?|您想要?|请告诉我|告诉我(?:你|您)|请选择|选哪",
        "哪个方案|哪种(?:方案|方式|方法)|还是说|(?:你|您)更?(?:倾向|喜欢|偏好)|请确认",
    ),
    choice=compiled("[^，。！？?\n]{0,80}还是[^？?]{1,80}[？?]"),
    folding=FOLDING,
)
