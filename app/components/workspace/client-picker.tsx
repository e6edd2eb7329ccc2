import { useId, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ClientChoice } from "../../lib/client-choices.server";
import { useTranslation } from "../../lib/page-words";
import { SelectField } from "../ui/fields";

/**
 * "For client": a list of the agent's clients by name, email and destination. With JavaScript a search box above
 * it narrows the list as the agent types (name, email or country); without, the list is the browser's own, which
 * jumps to a name as it is typed.
 */
export function ClientPicker({
  choices,
  defaultValue,
  errors,
  autoFocusOnError,
  onChoose,
}: {
  choices: ClientChoice[];
  /** Told the chosen client's id (scripts on) */
  onChoose?: (value: string) => void;
  defaultValue?: string;
  errors?: string[];
  autoFocusOnError?: boolean;
}) {
  const hydrated = useHydrated();
  const [query, setQuery] = useState("");
  const searchId = useId();
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const { t } = useTranslation();
  const shown = words.length ? choices.filter((c) => words.every((w) => c.label.toLowerCase().includes(w))) : choices;
  return (
    <>
      {hydrated && choices.length > 5 ? (
        <div className="field">
          <label htmlFor={searchId}>{t("work.picker.find")}</label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t("work.picker.findHint")}
            maxLength={100}
            autoComplete="off"
          />
        </div>
      ) : null}
      <SelectField
        label={t("work.picker.forClient")}
        name="client_id"
        placeholder={
          words.length ? t("work.picker.matching", { shown: shown.length, count: choices.length }) : t("work.picker.choose")
        }
        options={shown.map(({ value, label }) => ({ value, label }))}
        onChange={onChoose ? (e) => onChoose(e.target.value) : undefined}
        defaultValue={defaultValue ?? ""}
        errors={errors}
        autoFocusOnError={autoFocusOnError}
      />
    </>
  );
}
