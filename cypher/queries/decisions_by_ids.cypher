// Decisions with everything the shared JSON shape shows: those in $ids, or, with $search,
// a search's best hits (a chain is read by decision_chain).
// A search's hits are the decisions nearest to $search.embedding (cosine score at least
// $search.min_score, k of them, among the decisions of $search.session or $search.series
// when one is set; a candidate counts the nearer of its own vector and that of
// the alternatives it weighed), each adding $search.weight x its cosine similarity to its
// full-text share, and the full-text index's best k hits for the escaped Lucene query
// $search.terms (null: none; a hit on an alternative counts for its decision; within a
// session or series the index's best $search.scan are kept to it first), each adding
// $search.text_weight x its score over the best one's (graph.search.fulltext_weights, which
// the evaluation replays); kept by the search's filters (the keys of a DecisionFilter's
// params, read by cypher/fragments/decision_filter.cypher from the map: drafts and replaced
// decisions by $search.hidden_statuses), best $search.limit by score, then date. Retrieving
// both ways, fusing and reading in one query spares a search two round trips.
// Every member comes in the shape of cypher/fragments/decision_shape.cypher, with how
// many decisions precede it in its chain, visible when $groups is null (unrestricted) or
// its session is open or shares a group with the caller; a search hit also with `found`:
// its rank, fused score and the retrievers that found it. A stated_in message is the unit's
// anchor when the statement's span lies in it. One row holding a list, and
// dates as ISO text: the driver builds rows and temporal values in Python, which cost
// more than the query itself. $with_code false leaves out each decision's code links
// (`code`: every file it affects, hundreds for a decision of a large repository) for a
// reader that shows none, such as check-diff's text.
// params: $ids, $search, $groups, $with_code
// example: :param ids => ['dec-123']
//          :param search => null
//          :param groups => null
//          :param with_code => true
CALL () {
  UNWIND $ids AS wanted
  MATCH (d:Decision {id: wanted})
  RETURN d, null AS found
  UNION
  WITH $search AS search WHERE search IS NOT NULL
  CALL (search) {
    CALL (search) {
      WITH search WHERE search.embedding IS NOT NULL AND search.session IS NULL AND search.series IS NULL
      CALL db.index.vector.queryNodes('decision_embedding', search.k, search.embedding) YIELD node, score
      RETURN node, score
      UNION
      // Within a session or a series the index's nearest across the graph may all lie
      // elsewhere: a scope of up to $search.scope_scan decisions is compared in full, a larger
      // one keeps the index's $search.scope_scan nearest that are in it.
      WITH search WHERE search.embedding IS NOT NULL AND (search.session IS NOT NULL OR search.series IS NOT NULL)
      CALL (search) {
        MATCH (s:Session {id: search.session})
        RETURN s
        UNION
        MATCH (s:Session {series: search.series})
        WHERE search.session IS NULL
        RETURN s
      }
      WITH search, collect(s) AS scope
      WITH search, scope, reduce(n = 0, s IN scope | n + COUNT { (s)<-[:IN_SESSION]-(:Decision) }) AS size
      CALL (search, scope, size) {
        WITH search, scope WHERE size <= search.scope_scan
        UNWIND scope AS s
        MATCH (node:Decision)-[:IN_SESSION]->(s)
        RETURN node, vector.similarity.cosine(node.embedding, search.embedding) AS score
        UNION
        WITH search, scope WHERE size > search.scope_scan
        CALL db.index.vector.queryNodes('decision_embedding', search.scope_scan, search.embedding) YIELD node, score
        WITH node, score WHERE EXISTS { MATCH (node)-[:IN_SESSION]->(s) WHERE s IN scope }
        RETURN node, score
      }
      RETURN node, score
    }
    WITH node, score WHERE score >= search.min_score
    ORDER BY score DESC
    LIMIT $search.k
    RETURN collect({d: node, weight: search.weight * (2 * score - 1), by: 'vector'}) AS near
  }
  CALL (search) {
    WITH search WHERE search.terms IS NOT NULL
    CALL db.index.fulltext.queryNodes('decision_text', search.terms, {limit: search.scan}) YIELD node, score
    OPTIONAL MATCH (owner:Decision)-[:CONSIDERED]->(node)
    WITH search, coalesce(owner, node) AS decision, score
    WHERE decision:Decision
      AND (search.session IS NULL OR EXISTS { (decision)-[:IN_SESSION]->(:Session {id: search.session}) })
      AND (search.series IS NULL OR EXISTS { (decision)-[:IN_SESSION]->(:Session {series: search.series}) })
    WITH decision, max(score) AS score
    ORDER BY score DESC
    LIMIT coalesce($search.k, 0)  // evaluated even when $search is null
    WITH collect({d: decision, score: score}) AS matched
    // Lucene scores are not comparable between questions; over the best one they are.
    WITH matched, reduce(best = 0.0, m IN matched | CASE WHEN m.score > best THEN m.score ELSE best END) AS best
    RETURN [m IN matched | {d: m.d, weight: $search.text_weight * m.score / CASE best WHEN 0.0 THEN 1.0 ELSE best END,
                            by: 'fulltext'}] AS ranked
  }
  CALL (search) {
    WITH search.text AS text WHERE text IS NOT NULL
    CALL db.index.fulltext.queryNodes('decision_text', text) YIELD node
    OPTIONAL MATCH (owner:Decision)-[:CONSIDERED]->(node)
    RETURN collect(DISTINCT coalesce(owner, node).id) AS text_ids
  }
  // Candidates travel as nodes: found once by an index, never looked up again by id.
  UNWIND ranked + near AS hit
  WITH search, text_ids, hit.d AS d,
       sum(CASE hit.by WHEN 'vector' THEN 0.0 ELSE hit.weight END) AS text_share,
       max(CASE hit.by WHEN 'vector' THEN hit.weight END) AS near_share,
       collect(DISTINCT hit.by) AS by
  WHERE {{decision_filter: search}}
    AND (search.text IS NULL OR d.id IN text_ids)
  // A candidate's vector share is that of the nearer of its two vectors: its own, or that
  // of the options it weighed, compared here for the candidates only (eval search scores
  // the same as through a second vector index, which cost 2.5 ms of p95 at 100k). Null
  // when either vector is; the options' vector is read once (testing it for null first
  // read it twice: about 1 ms of the server's 6 per search at 10k).
  WITH search, d, text_share, near_share, by,
       vector.similarity.cosine(d.alternatives_embedding, search.embedding) AS weighed
  WITH d, by, text_share + coalesce(CASE
         WHEN weighed >= search.min_score AND search.weight * (2 * weighed - 1) > coalesce(near_share, -2.0)
         THEN search.weight * (2 * weighed - 1) ELSE near_share END, 0.0) AS score
  ORDER BY score DESC, coalesce(d.decided_at, d.recorded_at) DESC, d.id
  LIMIT coalesce($search.limit, 0)  // evaluated even when $search is null
  WITH collect({d: d, score: score, by: by}) AS best
  UNWIND range(0, size(best) - 1) AS rank
  RETURN best[rank].d AS d, {rank: rank, score: best[rank].score, by: best[rank].by} AS found
}
{{decisions_read}};
