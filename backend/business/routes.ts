/** The business settings (lib/contract/business.ts): every page reads them; owners change them in the office. */
import type { Kysely } from "kysely";
import { serviceField, serviceIds, serviceTextField, serviceTextFields, type BusinessValues } from "../../lib/business.js";
import { endpoints } from "../../lib/contract.js";
import type { Lang, TextLang } from "../../lib/i18n/languages.js";
import type { Spooled } from "../../lib/spool.js";
import { publicMentor, publicMentors } from "../bookings/mentors.js";
import { publicPlans } from "../catalogue/catalogue.js";
import type { Database } from "../db/schema.js";
import type { Server } from "../serve.js";
import { logoFile, uploadLogo } from "./logo.js";
import { saveBusiness, siteFacts, type LiveBusiness } from "./settings.js";

export function businessRoutes(serve: Server, deps: { db: Kysely<Database>; business: LiveBusiness }) {
  const { db, business } = deps;
  serve(endpoints.site, async ({ query }) => siteFacts(business.current, query.lang as Lang));
  serve(endpoints.publicPlans, async ({ query }) => publicPlans(db, query.service_id, query.lang));
  serve(endpoints.publicMentors, async ({ query }) => publicMentors(db, query.lang));
  serve(endpoints.publicMentor, async ({ params, query }) => publicMentor(db, params.id, query.lang));
  serve(endpoints.businessSettings, async () => business.refresh(0));
  serve(endpoints.saveBusiness, async ({ caller, body }) => {
    const saved = await saveBusiness(db, caller.id, body as Parameters<typeof saveBusiness>[2], business.defaults);
    business.set(saved.values);
    return saved;
  });
  // The e-mails' logo: read as any upload is (bounded, spooled), kept when it is a small picture.
  serve(endpoints.saveLogo, async ({ caller, call }) => {
    const { file, owned } = await call.upload();
    try {
      const saved = await uploadLogo(db, caller.id, file, business.defaults);
      business.set(saved.values);
      return saved;
    } finally {
      if (owned) await (file as Spooled).dispose();
    }
  });
  serve(endpoints.removeLogo, async ({ caller }) => {
    const saved = await saveBusiness(db, caller.id, { brand_logo: null }, business.defaults);
    business.set(saved.values);
    return saved;
  });
  serve(endpoints.brandLogo, async ({ params }) => logoFile(db, params.hash));
  // One language's service texts: the body names them as the English ones are named, the language is in the path.
  serve(endpoints.saveServiceTexts, async ({ caller, params, body }) => {
    const lang = params.lang as TextLang;
    const input: Partial<BusinessValues> = {};
    for (const id of serviceIds) {
      for (const field of serviceTextFields) input[serviceTextField(id, field, lang)] = body[serviceField(id, field)];
    }
    const saved = await saveBusiness(db, caller.id, input, business.defaults);
    business.set(saved.values);
    return saved;
  });
}
