// What every view of the page shares: the GraphQL call with the reader's bearer token, DOM
// building (text is never parsed as HTML), and a few renderings.

export const TOKEN_KEY = "decision-journal.token";
export const main = document.getElementById("main");

// ---------------------------------------------------------------- GraphQL

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

export async function gql(query, variables = {}) {
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch("/graphql", { method: "POST", headers, body: JSON.stringify({ query, variables }) });
  } catch (error) {
    throw new ApiError(`The server did not answer (${error.message}).`, 0);
  }
  if (response.status === 401) throw new ApiError(refused(token, await serverMessage(response)), 401);
  if (response.status === 503) {
    // 503 is a busy server, or one whose database is out of reach: its error says which.
    const said = await response.json().catch(() => null);
    const unavailable = (said?.errors || []).find((e) => e.extensions?.code === "DATABASE_UNAVAILABLE");
    throw new ApiError(unavailable ? unavailable.message : "The server is busy; try again in a moment.", 503);
  }
  const body = await response.json();
  if (body.errors && body.errors.length) throw new ApiError(body.errors.map((e) => e.message).join("; "), response.status);
  return body.data;
}

// What the server said when it refused a request ("unknown or revoked token", "this token
// expired at …"), or "" when its answer has no message.
async function serverMessage(response) {
  try {
    const body = await response.json();
    return (body.errors || []).map((e) => e.message).filter(Boolean).join("; ");
  } catch {
    return "";
  }
}

function refused(token, message) {
  if (!token) return "This server needs a token: set it with the Token button above.";
  // A wrong or expired token is another problem than none: say which, in the server's words.
  return `The server refused this page's token: ${message || "no reason given"}. `
    + "Set another with the Token button above (whoever runs the server hands them out), or clear it there.";
}

// ---------------------------------------------------------------- DOM helpers

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  append(node, children);
  return node;
}

export function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export const SVG = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) node.setAttribute(key, value);
  }
  append(node, children);
  return node;
}

export function show(...children) {
  main.replaceChildren(...children.flat().filter(Boolean));
}

// A count with its noun in the right number: "1 decision", "3 decisions" (nlp/plural.py
// says the same for the command line).
export function plural(count, one, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

export function day(value) {
  return value ? value.slice(0, 10) : "";
}

export function statusBadge(status) {
  return el("span", { class: `badge status-${status}` }, status);
}

export const REPLACED = ["superseded", "deprecated", "rejected"];

export function replacedClass(decision) {
  return REPLACED.includes(decision.status) ? "replaced" : null;
}

export function decisionLink(decision) {
  return el("a", { href: `#/decision/${encodeURIComponent(decision.id)}` }, decision.summary);
}

export function person(p) {
  return p.name && p.name !== p.handle ? `${p.name} (${p.handle})` : p.handle;
}

export function failure(error) {
  return el("p", { class: "error", role: "alert" }, error.message || String(error));
}

export function go(view, arg = "", params = {}) {
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v)).toString();
  location.hash = `#/${view}${arg ? `/${encodeURIComponent(arg)}` : ""}${query ? `?${query}` : ""}`;
}
