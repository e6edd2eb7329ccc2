import { useId, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ClientChoice } from "../lib/client-choices.server";
import { SelectField } from "./form";

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
}: {
  choices: ClientChoice[];
  defaultValue?: string;
  errors?: string[];
  autoFocusOnError?: boolean;
}) {
  const hydrated = useHydrated();
  const [query, setQuery] = useState("");
  const searchId = useId();
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = words.length ? choices.filter((c) => words.every((w) => c.label.toLowerCase().includes(w))) : choices;
  return (
    <>
      {hydrated && choices.length > 5 ? (
        <div className="field">
          <label htmlFor={searchId}>Find a client</label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Name, email or country"
            maxLength={100}
            autoComplete="off"
          />
        </div>
      ) : null}
      <SelectField
        label="For client"
        name="client_id"
        placeholder={words.length ? `${shown.length} of ${choices.length} clients match` : "Choose a client"}
        options={shown}
        defaultValue={defaultValue ?? ""}
        errors={errors}
        autoFocusOnError={autoFocusOnError}
      />
    </>
  );
}
