// Every review label (a person's confirmation or rejection of a draft) whose session the
// reader may see ($groups null: all), oldest review first (reviewed_at is the real-time
// clock's, finer than a millisecond, so two reviews a moment apart keep their order): the
// training data a team's reviews add to the detector's (`eval train-detector`).
// params: $groups
// example: :param groups => null
MATCH (label:ReviewLabel)
OPTIONAL MATCH (s:Session {id: label.session_id})
WITH label, s
WHERE {{session_visible}}
RETURN label {.*, reviewed_at: toString(label.reviewed_at)} AS label
ORDER BY label.reviewed_at, label.decision_id;
