/**
 * A list's filter, apart from fields.tsx: a page that only filters a list (clients, sessions, mentors, orders)
 * loads this and not the form fields' module, which the browser's build gives whole to every page importing it.
 */
import type { Option } from "./fields";

/** A list filter's choice in a GET form: "any" first (the empty value), then the options. */
export function FilterSelect({
  id,
  label,
  name,
  value,
  any,
  options,
}: {
  id: string;
  label: string;
  name: string;
  value?: string;
  any: string;
  options: readonly Option[];
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
