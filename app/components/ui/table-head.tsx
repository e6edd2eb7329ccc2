import type { ReactNode } from "react";
import { useTranslation, type T } from "../../lib/page-words";

/**
 * A column of a table's head: its heading, or `{ num }` for a column of amounts (right-aligned), or null for the
 * actions column, which is named for screen readers only.
 */
export type Column = ReactNode | { num: ReactNode } | null;

/**
 * A table's column headings, each the words of its key under `section`: `columnWords(t, "office.staff", ["name",
 * "role"])` is `{ name: t("office.staff.name"), role: t("office.staff.role") }`. A heading that needs values (a
 * time zone) is added beside it.
 */
export function columnWords<K extends string>(t: T, section: string, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, t(`${section}.${key}`)])) as Record<K, string>;
}

/** A table's head row, one `<th scope="col">` a column. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        {columns.map((column, i) =>
          column === null ? (
            <th scope="col" key={i}>
              <span className="visually-hidden">{t("work.table.actions")}</span>
            </th>
          ) : typeof column === "object" && "num" in column ? (
            <th scope="col" className="num" key={i}>
              {column.num}
            </th>
          ) : (
            <th scope="col" key={i}>
              {column}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/**
 * A table that lays its rows out as cards on a phone (`table--stack`, each cell named by its `data-label`), in its
 * scrolling wrapper: the head from `columns`, the rows as children.
 */
export function StackTable({
  columns,
  className,
  children,
  ...rest
}: {
  columns: readonly Column[];
  /** Besides `table table--stack` */
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <div className="table-wrap">
      <table className={className ? `table table--stack ${className}` : "table table--stack"} {...rest}>
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
