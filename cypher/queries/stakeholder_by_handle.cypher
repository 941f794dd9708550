// A stakeholder by normalized handle, with the display name ingestion found.
// params: $handle
// example: :param handle => '@alice'
MATCH (h:Stakeholder {handle: $handle})
RETURN h.handle AS handle, h.name AS name;
