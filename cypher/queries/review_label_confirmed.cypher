// Keep a confirmation as a ReviewLabel once the draft $id has become a decision: the
// sentence it was proposed with and the one confirmed ($label.summary, edited or not), its
// unit, where it came from, who confirmed it and when. A label also keeps later ingests from
// rewriting the decision. No row when $id is not a decision (any longer).
// params: $id, $label
// example: :param id => 'dec-400b65af5851'
//          :param label => {verdict: 'confirmed', proposed: 'we go with PostgreSQL', summary: 'We go with PostgreSQL.', subject: 'Database', confidence: 0.6, session_id: 'platform-sync', source_format: 'transcript', source_kind: 'chat', series: null, message_ids: ['platform-sync#a1'], message_texts: ['we go with PostgreSQL'], anchor: 0, reviewer: 'alice', reason: null}
MATCH (d:Decision {id: $id})
WHERE d.status <> 'candidate'
MERGE (label:ReviewLabel {decision_id: d.id})
SET label += $label, label.reviewed_at = datetime.realtime()
RETURN label.decision_id AS id;
