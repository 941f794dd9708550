// The onboarding page: one GraphQL request per view, against the app's own /graphql with
// the reader's bearer token, rendered with DOM calls only (text is never parsed as HTML).

import {
  REPLACED, TOKEN_KEY, append, day, decisionLink, el, failure, go, gql, main, person, plural, replacedClass, show, statusBadge, svg,
} from "./lib.js";
import { reviewView } from "./review.js";
import { sessionsView } from "./sessions.js";

// ---------------------------------------------------------------- routing

function parseHash() {
  const raw = location.hash.replace(/^#/, "") || "/";
  const [path, query = ""] = raw.split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  return { view: parts[0] || "search", arg: parts.slice(1).join("/"), params: new URLSearchParams(query) };
}

const VIEWS = {
  search: searchView, decision: decisionView, timeline: timelineView, paths: pathsView, session: sessionView, review: reviewView,
  sessions: sessionsView,
};

async function render() {
  const { view, arg, params } = parseHash();
  for (const link of document.querySelectorAll("nav a[data-view]")) {
    if (link.dataset.view === view) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  const handler = VIEWS[view] || searchView;
  try {
    await handler(arg, params);
  } catch (error) {
    show(el("h1", {}, "Something went wrong"), failure(error));
  }
  document.body.dataset.ready = view;
  // bench/page_paint.py reads when each view had its answer on screen.
  performance.mark(`view-ready:${view}`);
}

// ---------------------------------------------------------------- search

const HIT_FIELDS = "id summary subject status decidedAt chainPosition { isCurrent } tags";

// The filters a view takes from its address (#/search?q=…&tag=…&person=…), as GraphQL's
// DecisionWhere: the search and the timeline read them the same way, and the server's journal
// facade gives them one meaning (names, tags and statuses in any case). Tags and statuses may
// be several, separated by commas; "to" is a day shown whole.
const FILTERS = ["tag", "person", "status", "from", "to", "path", "repo", "session", "series", "history", "drafts"];

// How a hit was found, in words: a fused score (0.1 for an exact match) reads as doubt.
const RETRIEVER_WORDS = { fulltext: "its words", vector: "its meaning" };

function matchedBy(retrievers) {
  const said = retrievers.map((r) => RETRIEVER_WORDS[r] || r);
  return said.length ? `matched by ${said.join(" and ")}` : "matched by the filters";
}

function whereFrom(params, history = false) {
  const value = (name) => (params.get(name) || "").trim();
  const list = (name) => value(name).split(",").map((v) => v.trim()).filter(Boolean);
  const where = { includeHistory: history || value("history") === "1" };
  if (value("drafts") === "1") where.includeDrafts = true;
  if (list("status").length) where.statusIn = list("status");
  if (list("tag").length) where.tagsAny = list("tag");
  if (value("person")) where.stakeholder = value("person");
  if (value("from")) where.decidedAfter = `${value("from")}T00:00:00+00:00`;
  if (value("to")) where.decidedBefore = `${value("to")}T23:59:59+00:00`;
  if (value("path")) where.pathPrefix = value("path");
  if (value("repo")) where.repository = value("repo");
  if (value("session")) where.session = value("session");
  if (value("series")) where.series = value("series");
  return where;
}

function searchFilters(params) {
  const value = (name) => params.get(name) || "";
  const field = (name, label, attrs = {}) => el("label", {}, label, el("input", { name, value: value(name), size: 12, ...attrs }));
  const check = (name, label) => el("label", { class: "check" },
    el("input", { type: "checkbox", name, value: "1", checked: value(name) === "1" }), label);
  return el("details", { class: "search-filters", open: FILTERS.some((name) => value(name)) },
    el("summary", {}, "Filters"),
    el("div", { class: "timeline-filters" },
      field("person", "Person", { placeholder: "alice" }), field("tag", "Tags", { placeholder: "database, auth" }),
      field("status", "Status", { placeholder: "active" }), field("from", "From", { type: "date" }),
      field("to", "To", { type: "date" }), field("path", "Path", { placeholder: "src/api/" }),
      field("repo", "Repository", { placeholder: "acme/shop" }), field("session", "Session"),
      field("series", "Series"), check("history", "replaced too"), check("drafts", "drafts too")));
}

async function searchView(_arg, params) {
  const q = params.get("q") || "";
  const filtered = FILTERS.some((name) => params.get(name));
  const input = el("input", { type: "search", name: "q", value: q, "aria-label": "Ask about a decision",
    placeholder: "why did we choose PostgreSQL?", autofocus: true });
  const filters = searchFilters(params);
  const form = el("form", { class: "search", role: "search", onsubmit: (event) => {
    event.preventDefault();
    const chosen = Object.fromEntries(FILTERS.map((name) => {
      const control = filters.querySelector(`[name=${name}]`);
      return [name, control.type === "checkbox" ? (control.checked ? "1" : "") : control.value.trim()];
    }));
    go("search", "", { q: input.value.trim(), ...chosen });
  } }, input, el("button", { type: "submit" }, "Search"), filters);
  const heading = el("h1", {}, "Why did we decide that?");
  if (!q && !filtered) {
    show(heading, form, el("p", { class: "muted" }, "Loading recent decisions…"));
    const data = await gql(`{ decisions(first: 10, orderBy: NEWEST) { totalCount edges { node { ${HIT_FIELDS} } } } }`);
    const nodes = data.decisions.edges.map((e) => e.node);
    show(heading, form, el("h2", {}, `Recent decisions (${data.decisions.totalCount} current in all)`),
      nodes.length ? decisionList(nodes) : el("p", { class: "muted" }, "No decisions yet: ingest a conversation or import ADRs."));
    input.focus();
    return;
  }
  show(heading, form, el("p", { class: "muted" }, "Searching…"));
  const data = await gql(
    `query($q: String!, $where: DecisionWhere) { searchResult(query: $q, where: $where, first: 10) { filtersApplied filtersDropped
       hits { score retrievers decision { ${HIT_FIELDS} } } } }`, { q, where: whereFrom(params) });
  const result = data.searchResult;
  const notes = [];
  if (result.filtersApplied.length) notes.push(`Filters read from the question: ${result.filtersApplied.join(", ")}.`);
  if (result.filtersDropped.length) notes.push(`Dropped (nothing matched with them): ${result.filtersDropped.join(", ")}.`);
  if (!notes.length) notes.push("No filters read from the question.");
  const hits = result.hits.map((hit) => el("li", { class: replacedClass(hit.decision) },
    el("div", { class: "hit-title" }, decisionLink(hit.decision)),
    el("div", { class: "meta" },
      statusBadge(hit.decision.status),
      el("span", { title: `fused score ${hit.score.toFixed(3)} (retrievers: ${hit.retrievers.join(", ") || "filters only"})` },
        matchedBy(hit.retrievers)),
      hit.decision.subject ? el("span", {}, `about: ${hit.decision.subject}`) : null,
      hit.decision.decidedAt ? el("time", { datetime: hit.decision.decidedAt }, day(hit.decision.decidedAt)) : null,
      hit.decision.chainPosition.isCurrent ? null : el("span", {}, "replaced or revisited since"))));
  show(heading, form, el("p", { class: "filters-note" }, notes.join(" ")),
    hits.length ? el("ol", { class: "hits", "aria-label": "Search results" }, hits)
      : el("p", {}, "Nothing matched. Try other words, or browse the timeline."));
}

function decisionList(nodes) {
  return el("ul", { class: "list" }, nodes.map((d) => el("li", { class: replacedClass(d) },
    el("div", { class: "hit-title" }, decisionLink(d)),
    el("div", { class: "meta" }, statusBadge(d.status),
      d.decidedAt ? el("time", { datetime: d.decidedAt }, day(d.decidedAt)) : null,
      d.subject ? el("span", {}, `about: ${d.subject}`) : null,
      d.tags.length ? el("span", {}, d.tags.map((t) => `#${t}`).join(" ")) : null))));
}

// ---------------------------------------------------------------- decision and chain

const CHAIN_ENTRY = "id hidden decision { id summary status decidedAt recordedAt }";

async function decisionView(id, params) {
  const asOf = params.get("asOf") || "";
  const data = await gql(
    `query($id: ID!, $asOf: DateTime) {
       decision(id: $id) { id summary subject context rationale status statusText decidedAt recordedAt confidence quality
         tags origin source { kind session messages path }
         alternatives { option whyNotChosen pros cons }
         tradeOffs { pros cons risks assumptions }
         decisionMaker { handle name } stakeholders { handle name }
         files { path repository } features { key }
         session { id title }
         statedIn { number author content timestamp } }
       chain(id: $id, asOf: $asOf) {
         original { ${CHAIN_ENTRY} } revisions { ${CHAIN_ENTRY} } current { ${CHAIN_ENTRY} } branches { ${CHAIN_ENTRY} }
         links { type from to at reason outcome inferred } } }`,
    { id, asOf: asOf ? `${asOf}T23:59:59+00:00` : null });
  const d = data.decision;
  if (!d) {
    // A draft's id (from the review queue or the API) is not a decision yet: say so, and where to review it.
    const draft = (await gql(`query($id: ID!) { decision(id: $id, includeDrafts: true) { id summary status session { id title } } }`,
      { id })).decision;
    if (draft && draft.status === "candidate") {
      show(el("h1", {}, "A draft waiting for review"), el("blockquote", {}, draft.summary),
        el("p", {}, "It is not a decision until someone confirms it. ",
          el("a", { href: `#/review/${encodeURIComponent(draft.session.id)}` },
            `Review the drafts of ${draft.session.title || draft.session.id}`), "."));
      return;
    }
    show(el("h1", {}, "No such decision"), el("p", {}, "It does not exist, or your token's groups cannot read it."));
    return;
  }
  const fields = el("dl", { class: "fields" });
  const field = (name, ...value) => {
    const content = value.flat().filter((v) => v !== null && v !== undefined && v !== "");
    if (content.length) append(fields, [el("dt", {}, name), el("dd", {}, content)]);
  };
  field("Status", statusBadge(d.status), d.statusText ? ` ${d.statusText}` : null);
  field("Subject", d.subject);
  field("Decided", d.decidedAt ? el("time", { datetime: d.decidedAt }, day(d.decidedAt)) : null);
  field("Context", d.context);
  field("Why", d.rationale);
  field("Decision maker", d.decisionMaker ? person(d.decisionMaker) : null);
  field("Stakeholders", d.stakeholders.map(person).join(", "));
  field("Files", d.files.map((f, i) => [i ? ", " : "", el("a", { href: pathHref(f.repository, f.path), title: f.repository || "no repository" }, f.path)]));
  field("Features", d.features.map((f) => f.key).join(", "));
  field("Tags", d.tags.map((t) => `#${t}`).join(" "));
  field("Gains", d.tradeOffs.pros.join("; "));
  field("Costs", d.tradeOffs.cons.join("; "));
  field("Risks", d.tradeOffs.risks.join("; "));
  field("Quality", d.quality !== null ? d.quality.toFixed(2) : null);
  field("Confidence", d.confidence !== null ? d.confidence.toFixed(2) : null);
  field("Source", d.session ? el("a", { href: `#/session/${encodeURIComponent(d.session.id)}` }, d.session.title || d.session.id) : null,
    d.source.path ? ` (${d.source.path})` : null);

  const alternatives = d.alternatives.length
    ? el("ul", { class: "alternatives" }, d.alternatives.map((a) => el("li", {}, el("strong", {}, a.option),
      a.whyNotChosen ? ` — not chosen: ${a.whyNotChosen}` : "",
      a.cons.length ? ` (against: ${a.cons.join("; ")})` : "")))
    : el("p", { class: "muted" }, "No alternatives recorded.");
  const quotes = d.statedIn.map((m) => el("blockquote", {},
    el("div", { class: "content" }, m.content ?? "(text removed by retention)"),
    el("div", { class: "meta" }, el("span", {}, m.author || ""),
      d.session ? el("a", { href: `#/session/${encodeURIComponent(d.session.id)}?m=${m.number}` }, `message ${m.number} in the conversation`) : null)));

  const asOfInput = el("input", { type: "date", value: asOf, "aria-label": "Show the chain as it stood on this day" });
  const asOfForm = el("form", { class: "search", onsubmit: (event) => {
    event.preventDefault();
    go("decision", d.id, { asOf: asOfInput.value });
  } }, el("label", {}, "As of ", asOfInput), el("button", { type: "submit", class: "quiet" }, "Show"),
  asOf ? el("a", { href: `#/decision/${encodeURIComponent(d.id)}` }, "today") : null);

  show(el("h1", {}, d.summary), fields,
    el("h2", {}, "Alternatives"), alternatives,
    el("h2", {}, "Where it was said"), quotes.length ? quotes : el("p", { class: "muted" }, "No source messages (an ADR or a hand-recorded decision)."),
    el("h2", {}, "How it evolved"), asOfForm, chainView(data.chain, d.id));
}

function chainEntries(chain) {
  const seen = new Set();
  const entries = [];
  for (const entry of [chain.original, ...chain.revisions, chain.current, ...chain.branches]) {
    if (entry && !seen.has(entry.id)) {
      seen.add(entry.id);
      entries.push(entry);
    }
  }
  return entries;
}

function short(text, size) {
  return text.length > size ? `${text.slice(0, size - 1)}…` : text;
}

function chainView(chain, selectedId) {
  if (!chain) return el("p", { class: "muted" }, "Not part of a chain as of that day.");
  const entries = chainEntries(chain);
  const gap = 240;
  const width = Math.max(gap * entries.length, 320);
  const height = 150;
  const x = new Map(entries.map((entry, i) => [entry.id, gap / 2 + i * gap]));
  const y = 62;
  const drawing = svg("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": `Chain of ${plural(entries.length, "decision")}, oldest first` });
  append(drawing, [svg("defs", {}, svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: "10", refY: "5",
    markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" }, svg("path", { d: "M 0 0 L 10 5 L 0 10 z", fill: "#4f5661" })))]);
  chain.links.forEach((link, index) => {
    const from = x.get(link.to);
    const to = x.get(link.from);
    if (from === undefined || to === undefined) return;
    const lift = 28 + (index % 2) * 12;
    const mid = (from + to) / 2;
    const label = `${link.type.toLowerCase()}${link.outcome ? ` (${link.outcome})` : ""}${link.inferred ? ", inferred" : ""}`;
    append(drawing, [svg("path", { d: `M ${from + 12} ${y - 8} Q ${mid} ${y - lift - 20} ${to - 12} ${y - 8}`, fill: "none",
      stroke: link.type === "SUPERSEDES" ? "#8a3b12" : "#6b3fa0", "stroke-width": "2", "marker-end": "url(#arrow)" },
    svg("title", {}, `${label}: ${link.reason || "no reason given"}`)),
    svg("text", { x: mid, y: y - lift - 6, "text-anchor": "middle", class: "link-label" }, label)]);
  });
  for (const entry of entries) {
    const cx = x.get(entry.id);
    const d = entry.decision;
    const isCurrent = entry.id === chain.current.id;
    const colour = entry.hidden ? "#8a929c" : isCurrent ? "#1a6b33" : d && REPLACED.includes(d.status) ? "#8a3b12" : "#6b3fa0";
    const node = svg("g", {},
      svg("circle", { cx, cy: y, r: entry.id === selectedId ? 13 : 10, fill: colour, stroke: entry.id === selectedId ? "#1b1f24" : "none", "stroke-width": "3" }),
      svg("text", { x: cx, y: y + 30, "text-anchor": "middle", class: "date" },
        entry.hidden ? "hidden" : `${day(d.decidedAt || d.recordedAt)}${isCurrent ? " · current" : ""}`),
      svg("text", { x: cx, y: y + 48, "text-anchor": "middle", class: "summary" }, entry.hidden ? "outside your groups" : short(d.summary, 34)),
      svg("title", {}, entry.hidden ? "A decision outside your access groups" : `${d.summary} (${d.status})`));
    append(drawing, [entry.hidden ? node : svg("a", { href: `#/decision/${encodeURIComponent(entry.id)}`, "aria-label": `${d.summary}, ${d.status}` }, node)]);
  }
  const byId = new Map(entries.map((e) => [e.id, e]));
  const name = (id) => (byId.get(id)?.decision ? byId.get(id).decision.summary : "a hidden decision");
  const links = chain.links.map((link) => el("li", {},
    el("a", { href: `#/decision/${encodeURIComponent(link.from)}` }, short(name(link.from), 60)), " ",
    el("strong", {}, link.type.toLowerCase()), " ",
    el("a", { href: `#/decision/${encodeURIComponent(link.to)}` }, short(name(link.to), 60)),
    link.at ? ` on ${day(link.at)}` : "", link.reason ? ` — ${link.reason}` : "",
    link.inferred ? " (inferred)" : ""));
  return el("div", {}, el("div", { class: "chain" }, drawing),
    links.length ? el("ul", { class: "links" }, links) : el("p", { class: "muted" }, "Nothing replaced or revisited it yet."));
}

// ---------------------------------------------------------------- timeline

const STATUSES = ["", "active", "superseded", "revisited", "proposed", "rejected", "deprecated"];

async function timelineView(_arg, params) {
  const value = (name) => params.get(name) || "";
  const status = el("select", { name: "status" }, STATUSES.map((s) => el("option", { value: s, selected: s === value("status") }, s || "any")));
  const tag = el("input", { name: "tag", value: value("tag"), size: 12 });
  const who = el("input", { name: "person", value: value("person"), size: 12, placeholder: "@handle" });
  const from = el("input", { name: "from", type: "date", value: value("from") });
  const to = el("input", { name: "to", type: "date", value: value("to") });
  const form = el("form", { class: "timeline-filters", onsubmit: (event) => {
    event.preventDefault();
    go("timeline", "", { status: status.value, tag: tag.value.trim(), person: who.value.trim(), from: from.value, to: to.value });
  } }, el("label", {}, "Status", status), el("label", {}, "Tag", tag), el("label", {}, "Person", who),
  el("label", {}, "From", from), el("label", {}, "To", to), el("button", { type: "submit" }, "Filter"));
  const where = whereFrom(params, true);
  show(el("h1", {}, "Recent decisions"), form, el("p", { class: "muted" }, "Loading…"));
  const data = await gql(
    `query($where: DecisionWhere) { decisions(where: $where, orderBy: NEWEST, first: 50) { totalCount
       edges { node { ${HIT_FIELDS} decisionMaker { handle } session { id title } } } } }`, { where });
  const nodes = data.decisions.edges.map((e) => e.node);
  const items = nodes.map((d) => el("li", { class: replacedClass(d) },
    el("time", { datetime: d.decidedAt || "" }, day(d.decidedAt) || "undated"),
    el("div", {}, el("div", { class: "hit-title" }, decisionLink(d)),
      el("div", { class: "meta" }, statusBadge(d.status),
        d.decisionMaker ? el("span", {}, d.decisionMaker.handle) : null,
        d.session ? el("a", { href: `#/session/${encodeURIComponent(d.session.id)}` }, d.session.title || d.session.id) : null,
        d.tags.length ? el("span", {}, d.tags.map((t) => `#${t}`).join(" ")) : null))));
  show(el("h1", {}, "Recent decisions"), form,
    el("p", { class: "muted" }, `${data.decisions.totalCount} match; the newest ${nodes.length} shown.`),
    items.length ? el("ul", { class: "list timeline" }, items) : el("p", {}, "No decision matches these filters."));
}

// ---------------------------------------------------------------- what touched this path?

// A path is a path in one repository (or in none: those a conversation named where no
// repository was known), so the address carries both: #/paths?repo=owner/name&dir=src/events.
// `repo` may be a repository's name or its key (a decision's Files links carry the key).
function pathHref(repo, path) {
  const params = new URLSearchParams();
  if (repo) params.set("repo", repo);
  params.set("dir", path);
  return `#/paths?${params}`;
}

function parentPath(path) {
  const trimmed = path.replace(/\/$/, "");
  const cut = trimmed.lastIndexOf("/");
  return cut < 0 ? "" : trimmed.slice(0, cut + 1);
}

// The tree of one repository's paths. Each count comes from the server, which counts
// distinct decisions per directory: adding up the children's counts would count a
// decision that names 50 files 50 times.
function buildTree(paths) {
  const root = { name: "", path: "", children: new Map(), count: 0 };
  const nodes = new Map([["", root]]);
  const node = (path) => {
    if (!nodes.has(path)) {
      const created = { name: path.replace(/\/$/, "").split("/").pop(), path, children: new Map(), count: 0 };
      nodes.set(path, created);
      node(parentPath(path)).children.set(path, created);
    }
    return nodes.get(path);
  };
  for (const { path, count } of paths) node(path).count = count;
  return root;
}

function treeList(node, repo, selected) {
  const children = [...node.children.values()].sort((a, b) => (b.children.size > 0) - (a.children.size > 0) || a.name.localeCompare(b.name));
  return el("ul", {}, children.map((child) => {
    const isSelected = selected !== null && child.path === selected;
    const link = el("a", { href: pathHref(repo, child.path), class: isSelected ? "selected" : null,
      "aria-current": isSelected ? "true" : null }, child.name + (child.path.endsWith("/") ? "/" : ""));
    const label = [link, el("span", { class: "count", title: "decisions on it or on anything under it" }, `${child.count}`)];
    if (!child.children.size) return el("li", {}, label);
    const open = child.path.split("/").length <= 2 || Boolean(selected && selected.startsWith(child.path));
    // A closed directory's children are built when it is first opened: a repository
    // names thousands of paths, and the browser need not lay them all out at once.
    const details = el("details", { open }, el("summary", {}, label));
    if (open) details.append(treeList(child, repo, selected));
    else details.addEventListener("toggle", () => details.append(treeList(child, repo, selected)), { once: true });
    return el("li", {}, details);
  }));
}

function repositoryLabel(group) {
  return group.repository ? group.name || group.repository : "no repository";
}

function repositoryTree(group, isChosen, selected, openAll) {
  const repo = group.name || group.repository;
  const details = el("details", { class: "repository", open: isChosen || openAll }, el("summary", {},
    el("span", { class: "repo-name" }, repositoryLabel(group)),
    el("span", { class: "count", title: "decisions on anything in it" }, `${group.count}`)));
  const list = () => treeList(buildTree(group.paths), repo, isChosen ? selected : null);
  if (isChosen || openAll) details.append(list());
  else details.addEventListener("toggle", () => details.append(list()), { once: true });
  return details;
}

async function pathsView(_arg, params) {
  const dir = params.get("dir") || "";
  const repo = params.get("repo") || "";
  const query = `query($dir: String!, $repo: String, $withDir: Boolean!) {
      pathTree(where: { includeHistory: true }) { repository name count paths { path count } }
      impact(path: $dir, repository: $repo, includeHistory: true, first: 25) @include(if: $withDir) { totalCount
        edges { node { ${HIT_FIELDS} } } } }`;
  const data = await gql(query, { dir: dir || ".", repo: repo || null, withDir: Boolean(dir) });
  const groups = data.pathTree;
  const chosen = (group) => (repo ? repo === group.repository || repo === group.name : group.repository === "");
  const where = repo ? (groups.find(chosen) ? repositoryLabel(groups.find(chosen)) : repo) : "no repository";
  const left = el("nav", { class: "tree", "aria-label": "Repository paths" },
    el("h2", {}, "Paths with decisions"),
    groups.length ? groups.map((group) => repositoryTree(group, Boolean(dir) && chosen(group), dir, !dir))
      : el("p", { class: "muted" }, "No decision names a file yet."));
  let right;
  if (!dir) {
    right = el("section", {}, el("h2", {}, "Pick a file or directory"),
      el("p", { class: "muted" }, "Paths are grouped by repository (\u201cno repository\u201d: paths a conversation named where no repository was known). "
        + "The count beside each path is how many decisions (current or replaced) affect it or anything under it."));
  } else {
    const nodes = data.impact.edges.map((e) => e.node);
    const total = data.impact.totalCount;
    // An old link (#/paths?dir=…) names no repository; if the path is one of a
    // repository's, say where to find it rather than only "nothing".
    const bare = dir.replace(/\/$/, "");
    const elsewhere = repo || total ? [] : groups.filter((g) => g.repository && g.paths.some((p) => p.path.replace(/\/$/, "") === bare));
    right = el("section", { "aria-label": `Decisions touching ${dir}` }, el("h2", {}, `What touched ${dir}`),
      el("p", { class: "muted" }, `In ${where}. ${total} ${total === 1 ? "decision affects" : "decisions affect"} it, anything under it, or a directory holding it; newest first. Replaced ones are struck through.`),
      nodes.length ? decisionList(nodes) : el("p", {}, "No decision affects this path."),
      elsewhere.length ? el("p", { class: "elsewhere" }, `${dir} is a path of `,
        elsewhere.map((g, i) => [i ? ", " : "", el("a", { href: pathHref(g.name || g.repository, dir) }, repositoryLabel(g))]), ": open it there.") : null);
  }
  show(el("h1", {}, "What touched this path?"), el("div", { class: "columns" }, left, right));
}

// ---------------------------------------------------------------- session

async function sessionView(id, params) {
  const target = params.get("m"); // the number the page shows, 1-based: "message 4" is ?m=4 and #m4
  const data = await gql(
    `query($id: ID!, $session: String) { session(id: $id) { id title source startedAt series
       messages { seq number author role content timestamp }
       decisions(first: 100) { totalCount edges { node { id summary subject status decidedAt tags source { messages } } } } }
       drafts(session: $session, first: 0) { totalCount } }`, { id, session: id });
  const session = data.session;
  if (!session) {
    show(el("h1", {}, "No such conversation"), el("p", {}, "It does not exist, or your token's groups cannot read it."));
    return;
  }
  const bySeq = new Map();
  for (const { node } of session.decisions.edges) {
    for (const seq of node.source.messages) bySeq.set(seq, [...(bySeq.get(seq) || []), node]);
  }
  const items = session.messages.map((m) => {
    const decided = bySeq.get(m.seq) || [];
    return el("li", { id: `m${m.number}`, class: [decided.length ? "decided" : "", String(m.number) === target ? "target" : ""].join(" ").trim() || null },
      el("span", { class: "seq" }, m.number),
      el("span", { class: "author" }, m.author || m.role || ""),
      el("div", {}, el("div", { class: "content" }, m.content ?? el("span", { class: "muted" }, "(text removed by retention)")),
        decided.map((d) => el("span", { class: "decided-note" }, "Decision: ", decisionLink(d), " ", statusBadge(d.status)))));
  });
  const meta = [session.source, session.series ? `series ${session.series}` : null, day(session.startedAt)].filter(Boolean).join(" · ");
  const drafts = data.drafts.totalCount;
  show(el("h1", {}, session.title || session.id), el("p", { class: "muted" }, meta,
    ` · ${plural(session.decisions.totalCount, "decision")}, highlighted below`
    + (session.decisions.totalCount > session.decisions.edges.length ? ` (the first ${session.decisions.edges.length})` : ""),
    drafts ? [" · ", el("a", { href: `#/review/${encodeURIComponent(session.id)}` }, `${plural(drafts, "draft")} to review`)] : null),
  items.length ? el("ol", { class: "list transcript", "aria-label": "Messages" }, items)
    : decisionList(session.decisions.edges.map((e) => e.node)));
  if (target) document.getElementById(`m${target}`)?.scrollIntoView({ block: "center" });
}

// ---------------------------------------------------------------- token and start

function setUpToken() {
  const form = document.getElementById("token-form");
  const input = document.getElementById("token-input");
  document.getElementById("token-button").addEventListener("click", () => {
    form.hidden = !form.hidden;
    if (!form.hidden) input.focus();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    localStorage.setItem(TOKEN_KEY, input.value.trim());
    input.value = "";
    form.hidden = true;
    render();
  });
  document.getElementById("token-clear").addEventListener("click", () => {
    localStorage.removeItem(TOKEN_KEY);
    form.hidden = true;
    render();
  });
  document.getElementById("auth-off").hidden = document.body.dataset.auth !== "off";
}

setUpToken();
window.addEventListener("hashchange", () => {
  render();
  main.focus({ preventScroll: true });
});
render();
