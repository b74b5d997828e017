// The local files the r5-data group's file servers work on, written fresh by prepare():
// an .xlsx workbook (a zip of SpreadsheetML parts, stored uncompressed), PDFs (a two-page
// report, a page with no text, a truncated file) and a CSV that is not a workbook.

import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export const DATA = "/tmp/faultline-corpus-r5-data";
export const XLSX_DIR = path.join(DATA, "sheets");
export const PDF_DIR = path.join(DATA, "pdf");
export const OUTSIDE_DIR = path.join(DATA, "private");

/** A zip archive of the given files, every entry stored (method 0). */
function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, "utf8");
    const nameBytes = Buffer.from(name, "utf8");
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const count = Object.keys(files).length;
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function sheetXml(rows: (string | number)[][]): string {
  const cells = rows
    .map((row, r) => {
      const cols = row
        .map((value, c) => {
          const ref = `${String.fromCharCode(65 + c)}${r + 1}`;
          return typeof value === "number"
            ? `<c r="${ref}"><v>${value}</v></c>`
            : `<c r="${ref}" t="inlineStr"><is><t>${esc(value)}</t></is></c>`;
        })
        .join("");
      return `<row r="${r + 1}">${cols}</row>`;
    })
    .join("");
  const width = Math.max(1, ...rows.map((row) => row.length));
  const dimension = rows.length ? `A1:${String.fromCharCode(64 + width)}${rows.length}` : "A1";
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="${dimension}"/><sheetData>${cells}</sheetData></worksheet>`;
}

function workbook(sheets: Record<string, (string | number)[][]>): Buffer {
  const names = Object.keys(sheets);
  const files: Record<string, string> = {
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${names
      .map(
        (_, i) =>
          `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      )
      .join("")}</Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${names
      .map((name, i) => `<sheet name="${esc(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join("")}</sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${names
      .map(
        (_, i) =>
          `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      )
      .join("")}</Relationships>`,
  };
  names.forEach((name, i) => (files[`xl/worksheets/sheet${i + 1}.xml`] = sheetXml(sheets[name] ?? [])));
  return zip(files);
}

/** A PDF whose pages each show the given lines of text in Helvetica (no text: a blank page). */
function pdf(pages: string[][], title: string): Buffer {
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1: catalog, 2: pages, 3: font, 4: info, then per page: page, contents.
  let next = 5;
  const pageObjects: string[] = [];
  for (const lines of pages) {
    const pageId = next++;
    const contentId = next++;
    pageIds.push(pageId);
    const stream = lines.length
      ? `BT /F1 12 Tf 72 720 Td 16 TL ${lines
          .map((line) => `(${line.replace(/[()\\]/g, (c) => `\\${c}`)}) Tj T*`)
          .join(" ")} ET`
      : "";
    pageObjects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`;
    pageObjects[contentId] = `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`;
  }
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
  objects[4] = `<< /Title (${title}) /Author (Acme Analytics) /Producer (faultline-corpus) >>`;
  for (let id = 5; id < next; id++) objects[id] = pageObjects[id] ?? "";
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (let id = 1; id < next; id++) {
    offsets[id] = Buffer.byteLength(out);
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${next}\n0000000000 65535 f \n`;
  for (let id = 1; id < next; id++) out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${next} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

export function writeData(): void {
  fs.rmSync(DATA, { recursive: true, force: true });
  for (const dir of [XLSX_DIR, PDF_DIR, OUTSIDE_DIR]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(XLSX_DIR, "sales.xlsx"),
    workbook({
      Sales: [
        ["region", "q1", "q2", "q3"],
        ["north", 120, 135, 128],
        ["south", 98, 101, 110],
        ["east", 143, 150, 161],
        ["west", 87, 92, 95],
      ],
      Blank: [],
    }),
  );
  fs.writeFileSync(path.join(XLSX_DIR, "regions.csv"), "region,q1\nnorth,120\nsouth,98\n");
  const report = pdf(
    [
      ["Q3 Revenue Report", "Total revenue: 4.2M EUR", "Growth: 12% over Q2"],
      ["Regional breakdown", "North 1.3M, South 1.0M", "East 1.2M, West 0.7M"],
    ],
    "Q3 Revenue Report",
  );
  fs.writeFileSync(path.join(PDF_DIR, "q3-report.pdf"), report);
  fs.writeFileSync(path.join(PDF_DIR, "scan.pdf"), pdf([[]], "Scanned page"));
  fs.writeFileSync(path.join(PDF_DIR, "truncated.pdf"), report.subarray(0, 180));
  fs.writeFileSync(path.join(OUTSIDE_DIR, "salaries.pdf"), pdf([["Salaries 2026"]], "Salaries"));
}
