// @ts-check
// Enough Markdown for the rules: headings, paragraphs, lists, tables, **bold**, `code`. Text only, never HTML.
import { h } from "./dom.js";

/**
 * @param {string} text
 * @returns {(string | HTMLElement)[]}
 */
function inline(text) {
  /** @type {(string | HTMLElement)[]} */
  const out = [];
  const pattern = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*]+\*)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const token = match[0];
    if (token.startsWith("**")) out.push(h("strong", {}, token.slice(2, -2)));
    else if (token.startsWith("`")) out.push(h("code", {}, token.slice(1, -1)));
    else out.push(h("em", {}, token.slice(1, -1)));
    last = match.index + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * The rules text as elements (the text of every part goes in as text).
 * @param {string} text
 */
export function markdown(text) {
  const root = h("div.rules-text");
  const lines = text.split("\n");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      root.append(h(`h${Math.min(heading[1].length + 1, 5)}`, {}, inline(heading[2])));
      i++;
    } else if (/^\s*[-*]\s+/.test(line)) {
      const list = h("ul");
      while (i < lines.length && /^\s*[-*]\s+/.test(lines[i])) {
        list.append(h("li", {}, inline(lines[i].replace(/^\s*[-*]\s+/, ""))));
        i++;
      }
      root.append(list);
    } else if (/^\s*\d+\.\s+/.test(line)) {
      const list = h("ol");
      while (i < lines.length && /^\s*\d+\.\s+/.test(lines[i])) {
        list.append(h("li", {}, inline(lines[i].replace(/^\s*\d+\.\s+/, ""))));
        i++;
      }
      root.append(list);
    } else if (line.startsWith("|")) {
      const table = h("table");
      while (i < lines.length && lines[i].startsWith("|")) {
        const cells = lines[i].split("|").slice(1, -1).map((c) => c.trim());
        if (!cells.every((c) => /^:?-+:?$/.test(c))) {
          table.append(h("tr", {}, cells.map((c) => h("td", {}, inline(c)))));
        }
        i++;
      }
      root.append(table);
    } else if (line.startsWith("```")) {
      /** @type {string[]} */
      const code = [];
      i++;
      while (i < lines.length && !lines[i].startsWith("```")) code.push(lines[i++]);
      i++;
      root.append(h("pre", {}, h("code", {}, code.join("\n"))));
    } else if (line.trim() === "") {
      i++;
    } else {
      /** @type {string[]} */
      const para = [];
      while (i < lines.length && lines[i].trim() !== "" && !/^(#|\s*[-*]\s|\||```|\s*\d+\.\s)/.test(lines[i])) {
        para.push(lines[i++]);
      }
      root.append(h("p", {}, inline(para.join(" "))));
    }
  }
  return root;
}
