// Every inferred supersede or revisit link, for `eval evolution` to score against its labels.
// params: none
MATCH (later:Decision)-[link:SUPERSEDES|REVISITS]->(earlier:Decision)
WHERE link.inferred
RETURN toLower(type(link)) AS kind, later.id AS later, earlier.id AS earlier, link.reason AS reason,
       later.summary AS later_summary, earlier.summary AS earlier_summary
ORDER BY later, earlier;
