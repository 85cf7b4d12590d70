import type { Db } from './db.js';

/**
 * One prepared `DELETE` per table in `tables`, of the rows whose `columns` equal the key it is given: what is kept
 * under one key in several tables goes together (a destroyed collection's rows, a burnt token's).
 */
export function rowsDeleter(
  db: Db,
  tables: readonly string[],
  columns: readonly string[],
): (...key: (number | string)[]) => void {
  const where = columns.map((column) => `${column} = ?`).join(' AND ');
  const statements = tables.map((table) => db.prepare(`DELETE FROM ${table} WHERE ${where}`));
  return (...key) => {
    for (const statement of statements) statement.run(...key);
  };
}
