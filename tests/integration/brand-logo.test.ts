/**
 * E-mails that look like the firm (issue 42, point 1): an owner uploads the logo and sets the colour; every e-mail
 * draws them (the logo from the portal's address, absolute, at most 48 px high); refusals come with their codes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../backend/db/connection.js";
import { startApi, type Harness } from "../support/api-harness.js";
import { openSeeded, testDatabases } from "../support/databases.js";
import { pngOf } from "../support/png.js";

describe.each(testDatabases)("the e-mails' logo and colour on $name", (target) => {
  let database: Db;
  let drop: () => Promise<void>;
  let api: Harness;
  let owner: { token: string };

  beforeAll(async () => {
    ({ database, drop } = await openSeeded(target));
    api = await startApi(database);
    owner = await api.newStaff(`owner-logo-${Date.now()}@office.test`, "owner");
  });
  afterAll(async () => {
    await api.close();
    await drop();
  });

  it("keeps an owner's logo by its hash, serves it, and draws it with the colour in every e-mail", async () => {
    const png = pngOf(400, 100);
    const up = await api.call("POST", "office/settings/logo", { token: owner.token, bytes: png });
    expect(up.status, JSON.stringify(up.json)).toBe(200);
    const logo = up.json.data.values.brand_logo;
    expect(logo).toMatchObject({ type: "image/png", width: 400, height: 100 });
    expect(logo.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(up.json.data.changes).toEqual(["New logo for e-mails"]);

    const served = await api.call("GET", `site/logo/${logo.hash}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.compare(served.bytes!, png)).toBe(0);

    const settings = await api.call("GET", "office/settings", { token: owner.token });
    const body = { ...settings.json.data, brand_color: "#7A1F5C" };
    delete body.brand_logo;
    const saved = await api.call("POST", "office/settings", { token: owner.token, body });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json.data.values.brand_color).toBe("#7a1f5c");

    const preview = await api.call("GET", "office/outbox/previews?lang=ar&n=0", { token: owner.token });
    const html = preview.json.data.find((p: { html: string | null }) => p.html).html as string;
    expect(html).toContain(`src="http://portal.test/brand/logo/${logo.hash}.png"`);
    // 400 × 100 drawn at most 48 px high: 192 × 48.
    expect(html).toMatch(/width="192"[^>]*height="48"|height="48"[^>]*width="192"/);
    expect(html).toContain("#7a1f5c");
    expect(html).toContain('dir="rtl"');

    const removed = await api.call("POST", "office/settings/logo/remove", { token: owner.token });
    expect(removed.json.data.values.brand_logo).toBeNull();
    // The logo an e-mail already named is still there.
    expect((await api.call("GET", `site/logo/${logo.hash}`)).status).toBe(200);
    const plain = await api.call("GET", "office/outbox/previews?lang=en&n=0", { token: owner.token });
    expect(plain.json.data.find((p: { html: string | null }) => p.html).html).not.toContain("/brand/logo/");
  });

  it("refuses what is not a small picture, a colour white text cannot be read on, and a staff member who is not an owner", async () => {
    const refused = async (bytes: Uint8Array) =>
      (await api.call("POST", "office/settings/logo", { token: owner.token, bytes })).json;
    expect((await refused(Buffer.from("%PDF-1.4 not a picture"))).errors.file[0].code).toBe("logo.type");
    expect((await refused(Buffer.alloc(0))).errors.file[0].code).toBe("upload.empty");
    expect((await refused(Buffer.concat([pngOf(20, 20), Buffer.alloc(210 * 1024)]))).errors.file[0].code).toBe("logo.too_large");
    expect((await refused(pngOf(8, 8))).errors.file[0].code).toBe("logo.size");

    const settings = await api.call("GET", "office/settings", { token: owner.token });
    const pale = await api.call("POST", "office/settings", {
      token: owner.token,
      body: { ...settings.json.data, brand_logo: undefined, brand_color: "#ffd966" },
    });
    expect(pale.status).toBe(400);
    expect(pale.json.errors.brand_color[0]).toMatchObject({ code: "brand.low_contrast" });
    expect(pale.json.errors.brand_color[0].message).toMatch(/contrast 1\.\d:1/);

    const staff = await api.newStaff(`staff-logo-${Date.now()}@office.test`);
    expect((await api.call("POST", "office/settings/logo", { token: staff.token, bytes: pngOf(40, 40) })).status).toBe(403);
    const logos = await database.db.selectFrom("brand_logos").select("hash").execute();
    expect(logos).toHaveLength(1);
  });
});
