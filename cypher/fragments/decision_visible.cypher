// The access rule applied to a decision `d`: visible when the reader is unrestricted
// ($groups null) or the session `d` came from is visible (session_visible). A decision
// stored without a session is visible only to an unrestricted reader.
// Included as {{decision_visible}}, over a variable `d` the including query binds.
// params: $groups
($groups IS NULL OR EXISTS {
        MATCH (d)-[:IN_SESSION]->(s:Session)
        WHERE {{session_visible}} })
