// Conversations: what the journal has read (conversations, meetings, ADR collections, agent
// sessions), newest first, each with how many messages it stored and how many decisions and
// drafts came from it, and a link to the conversation itself. One `sessions` request a
// page; the next page follows the connection's cursor (#/sessions?after=…).

import { el, go, gql, plural, show } from "./lib.js";

const PAGE = 25;
const FILTERS = ["series", "source", "repo"];
export const SESSIONS = `query($first: Int, $after: String, $series: String, $source: String, $repository: String) {
  sessions(first: $first, after: $after, series: $series, source: $source, repository: $repository) {
    totalCount pageInfo { hasNextPage hasPreviousPage endCursor }
    edges { node { id title source series repository repositoryName messageCount decisionCount draftCount firstAt lastAt } } } }`;

// A session's time as its reader would say it: the day, and the minute when it has one (UTC).
function when(value) {
  return value ? `${value.slice(0, 10)} ${value.slice(11, 16)}` : "undated";
}

function filtersForm(params) {
  const value = (name) => params.get(name) || "";
  const field = (name, label, placeholder) => el("label", {}, label,
    el("input", { name, value: value(name), size: 14, placeholder }));
  const form = el("form", { class: "timeline-filters", onsubmit: (event) => {
    event.preventDefault();
    go("sessions", "", Object.fromEntries(FILTERS.map((name) => [name, form.querySelector(`[name=${name}]`).value.trim()])));
  } }, field("series", "Series", "weekly-sync"), field("source", "Format", "aider"),
  field("repo", "Repository", "acme/shop"), el("button", { type: "submit" }, "Filter"));
  return form;
}

// This view's address with its filters kept, from the page after `after` (null: the first).
function sessionsHref(params, after) {
  const query = new URLSearchParams(FILTERS.filter((name) => params.get(name)).map((name) => [name, params.get(name)]));
  if (after) query.set("after", after);
  return `#/sessions${query.size ? `?${query}` : ""}`;
}

function row(s) {
  const title = s.title && s.title !== s.id ? s.title : null;
  return el("tr", {},
    el("td", { class: "when" }, el("time", { datetime: s.lastAt || "", title: s.firstAt ? `from ${when(s.firstAt)}` : null }, when(s.lastAt))),
    el("td", {}, el("a", { href: `#/session/${encodeURIComponent(s.id)}` }, title || s.id),
      title ? el("div", { class: "session-id" }, s.id) : null),
    el("td", {}, s.source || ""),
    el("td", {}, s.series ? el("a", { href: `#/sessions?series=${encodeURIComponent(s.series)}` }, s.series) : ""),
    el("td", { class: "repo", title: s.repository || "" }, s.repositoryName || s.repository || ""),
    el("td", { class: "num" }, `${s.messageCount}`),
    el("td", { class: "num" }, s.decisionCount
      ? el("a", { href: `#/timeline?session=${encodeURIComponent(s.id)}`, title: "its decisions" }, `${s.decisionCount}`) : "0"),
    el("td", { class: "num" }, s.draftCount
      ? el("a", { href: `#/review/${encodeURIComponent(s.id)}`, title: "review them" }, `${s.draftCount}`) : "0"));
}

export async function sessionsView(_arg, params) {
  const heading = el("h1", {}, "Conversations");
  const form = filtersForm(params);
  show(heading, form, el("p", { class: "muted" }, "Loading…"));
  const value = (name) => (params.get(name) || "").trim() || null;
  const after = value("after");
  const data = await gql(SESSIONS, {
    first: PAGE, after, series: value("series"), source: value("source"), repository: value("repo"),
  });
  const { totalCount, pageInfo, edges } = data.sessions;
  const nodes = edges.map((e) => e.node);
  const filtered = FILTERS.some((name) => value(name));
  if (!nodes.length) {
    show(heading, form, el("p", {}, filtered ? "No conversation matches these filters."
      : "Nothing read yet: ingest a conversation (decision-journal ingest FILE|DIR) or import ADRs."));
    return;
  }
  const decisions = nodes.reduce((sum, s) => sum + s.decisionCount, 0);
  const summary = `${plural(totalCount, "conversation")}${filtered ? " match" : " read"}, newest first`
    + (totalCount > nodes.length ? `; ${nodes.length} shown here, with ${plural(decisions, "decision")}` : `, with ${plural(decisions, "decision")}`) + ".";
  const paging = el("nav", { class: "paging", "aria-label": "Pages" },
    pageInfo.hasPreviousPage ? el("a", { href: sessionsHref(params, null) }, "Newest") : null,
    pageInfo.hasNextPage ? el("a", { href: sessionsHref(params, pageInfo.endCursor) }, "Older conversations") : null);
  show(heading, form, el("p", { class: "muted" }, summary),
    el("table", { class: "sessions" },
      el("thead", {}, el("tr", {}, ["Last (UTC)", "Conversation", "Format", "Series", "Repository"].map((h) => el("th", { scope: "col" }, h)),
        ["Messages", "Decisions", "Drafts"].map((h) => el("th", { scope: "col", class: "num" }, h)))),
      el("tbody", {}, nodes.map(row))),
    paging.childElementCount ? paging : null);
}
