// Reject a draft: keep the reviewer's verdict as a ReviewLabel (what the draft said, its unit
// of messages, where it came from, who rejected it, when and why: $label's keys) and remove
// the draft with its edges; its messages stay. Only a draft (status 'candidate') is
// rejected this way; no row when $id is none.
// params: $id, $label
// example: :param id => 'dec-400b65af5851'
//          :param label => {verdict: 'rejected', proposed: 'Yeah.', summary: null, subject: null, confidence: 0.4, session_id: 'ami-es2002a', source_format: 'transcript', source_kind: 'spoken', series: null, message_ids: ['ami-es2002a#12'], message_texts: ['Yeah.'], anchor: 0, reviewer: 'alice', reason: 'a backchannel'}
MATCH (d:Decision {id: $id, status: 'candidate'})
MERGE (label:ReviewLabel {decision_id: d.id})
SET label += $label, label.reviewed_at = datetime.realtime()
WITH d, label
DETACH DELETE d
RETURN label.decision_id AS id;
