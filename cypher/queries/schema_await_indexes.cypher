// Waits until every index is ONLINE (populated), up to $seconds.
// params: $seconds
// example: :param seconds => 60
CALL db.awaitIndexes($seconds);
