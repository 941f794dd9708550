// A conversation read again after it grew: which of the decisions found in it are stored
// already (found again, as decisions or drafts), the only ones a re-read writes without a new
// message anchoring them (api.usecases.re_read).
// params: $ids
// example: :param ids => ['dec-1']
UNWIND $ids AS id
MATCH (d:Decision {id: id})
RETURN d.id AS id;
