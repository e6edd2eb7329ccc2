/**
 * A list's filter, apart from fields.tsx: a page that only filters a list (clients, sessions, mentors, orders)
 * loads this and not the form fields' module, which the browser's build gives whole to every page importing it.
 */
import type { Option } from "./fields";

/** Choices that are shown as they are sent (an expertise, a language as the mentors write it, a job's type). */
export const asWritten = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: value }));

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

/** One of a list's filters: its name in the query, its label, the words for "any", and its choices. */
export type ListFilter = { name: string; label: string; any: string; options: readonly Option[]; id?: string };

/** A list's filters, one choice each (its id `filter-<name>` unless given), showing the values the list has now. */
export function FilterSelects({
  filters,
  values,
}: {
  filters: readonly ListFilter[];
  values: Record<string, string | undefined>;
}) {
  return filters.map(({ id, ...f }) => <FilterSelect key={f.name} id={id ?? `filter-${f.name}`} value={values[f.name]} {...f} />);
}

/** A list's yes-or-no filter in a GET form: ticked, it sends `name=value` (orders: hide the unpaid; audit: sign-ins). */
export function FilterCheck({ name, value, checked, label }: { name: string; value: string; checked: boolean; label: string }) {
  return (
    <label className="check">
      <input type="checkbox" name={name} value={value} defaultChecked={checked} /> {label}
    </label>
  );
}
