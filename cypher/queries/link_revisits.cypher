// Record that $new_id revisited $old_id (reconsidered; $outcome says how it ended). An
// active old decision becomes revisited; a superseded one stays superseded.
// params: $new_id, $old_id, $at, $reason, $outcome, $inferred, $confidence
// example: :param new_id => 'dec-456'
//          :param old_id => 'dec-123'
//          :param at => null
//          :param reason => 'scaling concerns'
//          :param outcome => 'kept'
//          :param inferred => false
//          :param confidence => 1.0
MATCH (new:Decision {id: $new_id}), (old:Decision {id: $old_id})
WHERE new.status <> 'candidate' AND old.status <> 'candidate'  // a draft relates to nothing until confirmed
MERGE (new)-[r:REVISITS]->(old)
ON CREATE SET r.at = coalesce($at, new.decided_at, datetime()), r.reason = $reason, r.outcome = $outcome,
              r.inferred = $inferred, r.confidence = $confidence
// A stated link takes the place of one ingest inferred, with its own reason; an inferred
// one never overwrites what a person or a document stated.
ON MATCH SET r += CASE WHEN r.inferred AND NOT $inferred THEN {reason: $reason, outcome: $outcome, inferred: false, confidence: $confidence} ELSE {} END
SET old.status = CASE WHEN old.status = 'active' THEN 'revisited' ELSE old.status END
RETURN new.id AS new_id, old.id AS old_id, r.at AS at;
