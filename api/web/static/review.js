// The review queue: drafts (detections not sure enough to be stored as decisions), grouped
// by conversation, each with its proposed sentence and its unit of messages, the one that
// states it marked. A reviewer confirms one as it reads, edits its sentence then confirms,
// or rejects it. The mutations carry the reader's token: a token without the write scope,
// or outside the draft's groups, gets the server's answer shown beside the draft.

import { el, gql, show } from "./lib.js";

const QUEUE = `query($session: String) { drafts(session: $session, first: 50) { totalCount
  edges { node { id summary subject confidence session { id title } statedIn { number author content anchor } } } } }`;
const CONFIRM = `mutation($id: ID!, $summary: String) { confirmDecision(id: $id, summary: $summary) {
  __typename ... on ConfirmSuccess { revisited superseded decision { id summary } }
  ... on NotFound { message } ... on ValidationError { message } ... on Forbidden { message } } }`;
const REJECT = `mutation($id: ID!, $reason: String) { rejectDecision(id: $id, reason: $reason) {
  __typename ... on RejectSuccess { id } ... on NotFound { message } ... on Forbidden { message } } }`;

export async function reviewView(session) {
  const heading = el("h1", {}, "Drafts to review");
  const intro = el("p", { class: "muted" },
    "Detections not sure enough to be stored as decisions. They appear nowhere else (search, the timeline, what "
    + "touched a path) until someone confirms them. Confirm one as it reads, edit its sentence first, or reject it.");
  show(heading, intro, el("p", { class: "muted" }, "Loading…"));
  const data = await gql(QUEUE, { session: session || null });
  const nodes = data.drafts.edges.map((e) => e.node);
  let left = data.drafts.totalCount;
  const count = el("p", { class: "queue-count", role: "status" });
  const recount = () => {
    count.textContent = left ? `${left} ${left === 1 ? "draft awaits" : "drafts await"} review`
      + (left > nodes.length ? ` (the oldest ${nodes.length} shown)` : "") + "." : "Nothing left to review.";
  };
  recount();
  const scope = session ? el("p", {}, el("a", { href: "#/review" }, "All conversations' drafts")) : null;
  const bySession = new Map();
  for (const draft of nodes) {
    const key = draft.session.id;
    if (!bySession.has(key)) bySession.set(key, { session: draft.session, drafts: [] });
    bySession.get(key).drafts.push(draft);
  }
  const sections = [...bySession.values()].map(({ session: s, drafts }) => el("section", { class: "queue" },
    el("h2", {}, el("a", { href: `#/session/${encodeURIComponent(s.id)}` }, s.title || s.id)),
    drafts.map((draft) => draftCard(draft, () => { left -= 1; recount(); }))));
  show(heading, intro, count, scope, sections);
}

function draftCard(draft, reviewed) {
  const sentence = el("textarea", { rows: 2, class: "sentence", "aria-label": `Sentence of the draft ${draft.id}` });
  sentence.value = draft.summary;
  const reason = el("input", { type: "text", class: "reason", placeholder: "why it is no decision (optional)",
    "aria-label": `Why the draft ${draft.id} is no decision` });
  const answer = el("p", { class: "review-answer", role: "status" });
  const confirm = el("button", { type: "button", class: "confirm" }, "Confirm");
  const reject = el("button", { type: "button", class: "quiet reject" }, "Reject");
  const actions = el("div", { class: "review-actions" }, confirm, reject, reason);
  const card = el("article", { class: "draft", "data-id": draft.id, "aria-label": `Draft: ${draft.summary}` },
    el("div", { class: "meta" },
      el("span", {}, `confidence ${draft.confidence !== null ? draft.confidence.toFixed(2) : "?"}`),
      draft.subject ? el("span", {}, `about: ${draft.subject}`) : null),
    el("label", { class: "sentence-label" }, "Proposed sentence (edit it before confirming if it is off)", sentence),
    el("ol", { class: "unit", "aria-label": "Its messages" }, draft.statedIn.map((m) => el("li", { class: m.anchor ? "anchor" : null },
      el("span", { class: "seq" }, m.number),
      el("span", { class: "author" }, m.author || ""),
      el("div", {}, el("div", { class: "content" }, m.content ?? el("span", { class: "muted" }, "(text removed by retention)")),
        m.anchor ? el("span", { class: "anchor-note" }, "states it") : null)))),
    actions, answer);

  async function act(mutation, variables, field, done) {
    confirm.disabled = reject.disabled = true;
    answer.className = "review-answer";
    try {
      const result = (await gql(mutation, variables))[field];
      if (result.__typename === "ConfirmSuccess" || result.__typename === "RejectSuccess") {
        card.classList.add("reviewed");
        sentence.disabled = reason.disabled = true;
        actions.hidden = true;
        answer.replaceChildren(...done(result));
        reviewed();
        return;
      }
      answer.classList.add("error");
      answer.textContent = result.message;
    } catch (error) {
      answer.classList.add("error");
      answer.textContent = error.message;
    }
    confirm.disabled = reject.disabled = false;
  }

  confirm.addEventListener("click", () => {
    const text = sentence.value.trim();
    act(CONFIRM, { id: draft.id, summary: text && text !== draft.summary ? text : null }, "confirmDecision", (result) => {
      const linked = [result.revisited ? "revisits an earlier decision" : null, result.superseded ? "supersedes an earlier decision" : null]
        .filter(Boolean);
      return ["Confirmed as a decision: ", el("a", { href: `#/decision/${encodeURIComponent(result.decision.id)}` }, result.decision.summary),
        linked.length ? ` (it ${linked.join(" and ")})` : ""];
    });
  });
  reject.addEventListener("click", () => {
    act(REJECT, { id: draft.id, reason: reason.value.trim() || null }, "rejectDecision",
      () => ["Rejected: removed from the journal, kept as a review label."]);
  });
  return card;
}
