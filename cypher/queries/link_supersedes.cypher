// Record that $new_id supersedes $old_id: the edge keeps why, when, whether it was
// inferred and how sure; the old decision becomes superseded, unless an ADR states that it
// replaces only part of it ("partially superseded by ADR-9"): then the rest stays in force,
// as with AMENDS. Nothing is deleted.
// params: $new_id, $old_id, $at, $reason, $partial, $inferred, $confidence
// example: :param new_id => 'dec-456'
//          :param old_id => 'dec-123'
//          :param at => null
//          :param reason => 'moved sessions to Redis'
//          :param partial => false
//          :param inferred => false
//          :param confidence => 1.0
MATCH (new:Decision {id: $new_id}), (old:Decision {id: $old_id})
WHERE new.status <> 'candidate' AND old.status <> 'candidate'  // a draft relates to nothing until confirmed
MERGE (new)-[r:SUPERSEDES]->(old)
ON CREATE SET r.at = coalesce($at, new.decided_at, datetime()), r.reason = $reason, r.partial = $partial,
              r.inferred = $inferred, r.confidence = $confidence
// A stated link takes the place of one ingest inferred, with its own reason; an inferred
// one never overwrites what a person or a document stated.
ON MATCH SET r += CASE WHEN r.inferred AND NOT $inferred THEN {reason: $reason, partial: $partial, inferred: false, confidence: $confidence} ELSE {} END
WITH new, old, r, $partial AND NOT $inferred AND new.source = 'adr' AS in_part
SET old.status = CASE WHEN in_part THEN old.status ELSE 'superseded' END,
    old.superseded_at = CASE WHEN in_part THEN old.superseded_at ELSE coalesce(old.superseded_at, r.at) END
RETURN new.id AS new_id, old.id AS old_id, r.at AS at;
