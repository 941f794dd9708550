"""Build W3C minutes data sets (``../eval-data/w3c``, ``../eval-data/w3c_unseen``) from public minutes repositories.

The shared ``resolutions/meetings.jsonl`` was built from scribejs markdown; the groups added
here publish their minutes in other shapes, so each shape has a reader that turns one file
into a flat list of ``Item``s (``model``), and one labeller (``labels``) turns those items into
the shared record format: the discussion as messages, and the RESOLUTION lines, removed, as
labels anchored where they stood.

Readers: ``scrawl_html`` (the scribe tool of the JSON-LD and Credentials community groups),
``scribe_html`` (W3C's scribe.perl HTML, both generations), ``scribed_markdown`` (the TAG's
hand-kept markdown minutes). ``sources`` names the repositories, commits and licences;
``build`` reads them from local git mirrors and writes the files.
"""
