// Retention: a review label's copy of its unit's texts goes with the messages' text. Each
// label whose messages include one `prune` emptied gets that text blanked in
// message_texts (the sentence stays, as a decision's summary does). Returns how many labels.
// params: none
// example: run as is after prune_messages
MATCH (label:ReviewLabel)
WHERE EXISTS { MATCH (m:Message) WHERE m.id IN label.message_ids AND m.content IS NULL AND m.pruned_at IS NOT NULL }
  AND any(text IN coalesce(label.message_texts, []) WHERE text <> '')
SET label.message_texts = [i IN range(0, size(label.message_ids) - 1) |
      CASE WHEN EXISTS { MATCH (m:Message {id: label.message_ids[i]}) WHERE m.content IS NULL AND m.pruned_at IS NOT NULL }
           THEN '' ELSE label.message_texts[i] END]
RETURN count(label) AS blanked;
