// Record that $new_id amends $old_id: it changes part of a decision that stays in force
// (an ADR's "Amends" / "Updates"), so the old decision keeps its status.
// params: $new_id, $old_id, $at, $reason, $inferred
// example: :param new_id => 'dec-456'
//          :param old_id => 'dec-123'
//          :param at => null
//          :param reason => 'stated in ADR-48: | Updates | ADR-8 |'
//          :param inferred => false
MATCH (new:Decision {id: $new_id}), (old:Decision {id: $old_id})
WHERE new.status <> 'candidate' AND old.status <> 'candidate'  // a draft relates to nothing until confirmed
MERGE (new)-[r:AMENDS]->(old)
ON CREATE SET r.at = coalesce($at, new.decided_at, datetime()), r.reason = $reason, r.inferred = $inferred
// A stated link takes the place of one ingest inferred, with its own reason; an inferred
// one never overwrites what a person or a document stated.
ON MATCH SET r += CASE WHEN r.inferred AND NOT $inferred THEN {reason: $reason, inferred: false} ELSE {} END
RETURN new.id AS new_id, old.id AS old_id, r.at AS at;
