"""The three minutes readers: what each markup becomes, before and after classification."""

from __future__ import annotations

import pytest

from nlp.evaluation.w3c_build.classify import classify
from nlp.evaluation.w3c_build.html_blocks import parse_blocks, repair_mojibake
from nlp.evaluation.w3c_build.model import Item
from nlp.evaluation.w3c_build.scrawl_html import read_scrawl_html
from nlp.evaluation.w3c_build.scribe_html import read_scribe_html
from nlp.evaluation.w3c_build.scribed_markdown import flatten_links, read_scribed_markdown

SCRAWL = """<html><head><title>Telecon</title><style>.x {}</style></head><body>
<h1>JSON-LD Community Group Telecon</h1>
<h2>Minutes for 2012-05-08</h2>
<div class="summary"><dl><dt>Resolutions</dt><dd><ol><li><a href="#resolution-1">Expand values</a></ol></dd>
<dt>Audio Log</dt><dd><div><audio controls="controls"><source src="audio.ogg" />Warning: no audio.</div></dd></dl></div>
<div class="information">Manu Sporny is scribing.</div>
<h1 id="topic-1" class="topic">Topic: ISSUE-115: Expanded form</h1>
<div class="comment"><span class="name">Markus Lanthaler</span>:  This issue came up in IRC.</div>
<div class="comment-continuation">... and in framing.</div>
<div id="7" class="comment"><span class="name">Gregg Kellogg</span>: +1 <a id="link-7" style="display:none;" href="#7">✪</a></div>
<div class="information">&lt;niklasl&gt; typed in IRC</div>
<div class="information">Harrison_Tang: unmapped speaker</div>
<div class="proposal"><strong>PROPOSAL:</strong>  Expand all values.</div>
<div id="resolution-1" class="resolution"><strong>RESOLUTION:</strong> Expand all values.</div>
<div class="action"><strong>ACTION:</strong> Manu to edit.</div>
</body></html>"""


def test_scrawl_page_becomes_items_in_order() -> None:
    items, title = read_scrawl_html(SCRAWL)
    kinds = [(i.kind, i.speaker, i.text) for i in map(classify, items)]
    assert title == "JSON-LD Community Group Telecon — Minutes for 2012-05-08"
    assert kinds == [
        ("meta", "", "Manu Sporny is scribing."),
        ("topic", None, "ISSUE-115: Expanded form"),
        ("message", "Markus Lanthaler", "This issue came up in IRC."),
        ("continuation", None, "and in framing."),
        ("message", "Gregg Kellogg", "+1"),
        ("message", "niklasl", "typed in IRC"),
        ("message", "Harrison_Tang", "unmapped speaker"),
        ("proposal", None, "Expand all values."),
        ("resolution", None, "Expand all values."),
        ("action", None, "Manu to edit."),
    ]


def test_a_page_of_another_tool_is_refused() -> None:
    with pytest.raises(ValueError, match="no scrawl minutes lines"):
        read_scrawl_html("<html><body><p class='phone'><cite>a:</cite> b</p></body></html>")


SCRIBE_V1 = """<html><head><title>RDF-star -- 26 Feb 2021</title></head><body>
<h1>RDF-star</h1><h2>26 Feb 2021</h2>
<h2><a name="attendees">Attendees</a></h2><div class="intro"><dl><dt>Present</dt><dd>pchampin, AndyS</dd></dl></div>
<h2>Contents</h2><ul><li><a href="#item01">SPARQL-star</a></li></ul>
<h3 id="item01">SPARQL-star</h3>
<p class='phone'>
<cite>olaf:</cite> propose not to extend the grammar <br>
... put a note in the spec
</p>
<p class='irc'>
&lt;<cite>pchampin</cite>&gt; PROPOSED: merge PR 106
</p>
<p class='irc'>
&lt;<cite>gkellogg</cite>&gt; +1
</p>
<p class='phone'>
+1
</p>
<p class='irc'>
<strong class='resolution' id="resolution01">RESOLUTION: merge PR 106</strong>
</p>
<p class='irc'>
&lt;<cite>pchampin</cite>&gt; SubTopic: the VALUES clause
</p>
<h2><a name="ResolutionSummary">Summary of Resolutions</a></h2>
<ol><li><a href="#resolution01">merge PR 106</a></li></ol>
</body></html>"""

SCRIBE_V2 = """<!DOCTYPE html><html lang=en><head><title>DPVCG &ndash; 26 February 2019</title></head><body>
<header><h1>(MEETING TITLE)</h1><h2>26 February 2019</h2><nav id=links><a href="x">IRC</a></nav></header>
<main id=meeting class=meeting><h2>Meeting minutes</h2>
<section><p id=x006 class=irc><cite>&lt;AxelPollleres&gt;</cite> PROPOSED: approve last call's minutes</p>
<p id=x007 class=irc><cite>&lt;simonstey&gt;</cite> +1</p>
<p id=x008 class=summary>+1</p>
<p id=r01 class=resolution><strong>RESOLUTION:</strong> approve last call's minutes <a href="https://www.w3.org/2019/02/12-dpvcg-minutes">https://<wbr>www.w3.org/<wbr>2019/<wbr>02/<wbr>12-dpvcg-minutes</a></p>
</section><section><h3 id=t01>Action review</h3>
<p id=x049 class="phone s04"><cite>Mark:</cite> Harsh is focused on this task<br>
<span id=x050>… Fajar is also interested</span></p>
<p id=x017 class=bot><cite>&lt;trackbot&gt;</cite> Created ISSUE-12</p>
<p id=a01 class=action><strong>ACTION:</strong> Axel to check back</p>
</section></main>
<div id=ResolutionSummary><h2>Summary of resolutions</h2><ol><li><a href="#r01">approve</a></li></ol></div>
</body></html>"""

HAND_EDITED = """<h3 id="item02">Promises in async methods</h3>
<p class="phone"><b>kmag:</b> I just think this is
    a good idea.</p>
<p class="phone"><a href="https://github.com/x/y/issues/8"><strong class="resolution" id="resolution01">RESOLUTION: drop optional
    permissions from the spec</strong></a></p>"""


def _classified(items: list[Item]) -> list[tuple[str, str | None, str]]:
    return [(i.kind, i.speaker, i.text) for i in map(classify, items)]


def test_scribe_perl_1_paragraphs_continuations_and_inline_resolution() -> None:
    items, _ = read_scribe_html(SCRIBE_V1)
    assert _classified(items) == [
        ("topic", None, "SPARQL-star"),
        ("message", "olaf", "propose not to extend the grammar"),
        ("continuation", None, "put a note in the spec"),
        ("proposal", "pchampin", "merge PR 106"),
        ("message", "gkellogg", "+1"),
        ("message", "", "+1"),
        ("resolution", None, "merge PR 106"),
        ("topic", None, "the VALUES clause"),
    ]


def test_scribe_perl_2_classes_and_the_summary_left_out() -> None:
    items, _ = read_scribe_html(SCRIBE_V2)
    assert _classified(items) == [
        ("proposal", "AxelPollleres", "approve last call's minutes"),
        ("message", "simonstey", "+1"),
        ("message", "", "+1"),
        ("resolution", None, "approve last call's minutes https://www.w3.org/2019/02/12-dpvcg-minutes"),
        ("topic", None, "Action review"),
        ("message", "Mark", "Harsh is focused on this task"),
        ("continuation", None, "Fajar is also interested"),
        ("bot", "trackbot", "<trackbot> Created ISSUE-12"),
        ("action", None, "ACTION: Axel to check back"),
    ]


def test_hand_edited_scribe_minutes_bold_speakers_and_wrapped_source_lines() -> None:
    items, _ = read_scribe_html(HAND_EDITED)
    assert _classified(items) == [
        ("topic", None, "Promises in async methods"),
        ("message", "kmag", "I just think this is a good idea."),
        ("resolution", None, "drop optional permissions from the spec"),
    ]


MARKDOWN = """## TAG F2F - Berlin (Day 2)
### July 16 2015
*Present*: Dan, Peter
* Agenda item one
* Agenda item two

*Topic*: Meeting Planning
DKA: Do we want to revisit date for next f2f?
... It's pretty soon.
**mnot:** We will be at [Sapporo](https://example.org/sapporo).
PROPOSED RESOLUTION: TAG will meet 14-16
RESOLUTION: TAG will meet 14-16
<a name="tag-resolution-1"\\>

Fingerprinting
==============
> **dka** Resolution: publish the finding
Elika: Resolved: the chair must be a member.
Issues: https://github.com/w3ctag/security-questionnaire/issues
[Break for coffee]
"""


def test_scribed_markdown_speakers_topics_and_markers() -> None:
    items, title = read_scribed_markdown(MARKDOWN)
    assert title == "TAG F2F - Berlin (Day 2)"
    assert _classified(items) == [
        ("topic", None, "Meeting Planning"),
        ("message", "DKA", "Do we want to revisit date for next f2f?"),
        ("continuation", None, "It's pretty soon."),
        ("message", "mnot", "We will be at Sapporo (https://example.org/sapporo)."),
        ("proposal", "", "TAG will meet 14-16"),
        ("resolution", "", "TAG will meet 14-16"),
        ("noise", "", '<a name="tag-resolution-1"\\>'),
        ("topic", None, "Fingerprinting"),
        ("resolution", "dka", "publish the finding"),
        ("resolution", "Elika", "the chair must be a member."),
        ("message", "", "Issues: https://github.com/w3ctag/security-questionnaire/issues"),
        ("message", "", "[Break for coffee]"),
    ]


def test_markdown_links_are_flattened_as_in_the_shared_data() -> None:
    assert flatten_links("[Expanding lists](https://x/9) and [https://y](https://y)") == "Expanding lists (https://x/9) and https://y"


def test_html_blocks_keep_br_lines_apart_and_join_wrapped_source_lines() -> None:
    blocks, title = parse_blocks("<title>T</title><div class='a'><p>one\n two<br>three</p></div>")
    assert title == "T"
    assert [(b.tag, b.lines) for b in blocks] == [("p", ("one two", "three"))]


def test_mojibake_is_repaired_only_when_the_round_trip_is_clean() -> None:
    assert repair_mojibake("the class name is â€œillegal-exampleâ€\x9d") == "the class name is “illegal-example”"
    assert repair_mojibake("a lost byte: â€œxâ€") == "a lost byte: “xâ€"
    assert repair_mojibake("Ã la carte") == "Ã la carte"
