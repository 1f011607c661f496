"""Writes a table the way Plugins/TableToSwift reads it: the generators' one output format.

A table is a TSV file in a target's folder; the Tables build plugin makes it into Swift at build
time. Its first line says what to declare, the `#` lines after it are the declaration's doc
comment, then the header, then one row a line."""


def cell(value):
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        assert all(item and "|" not in item and item.isprintable() for item in value), value
        return "|".join(value)
    text = str(value)
    assert text.isprintable(), repr(text)
    return text


def write_table(path, declaration, docs, header, rows):
    """declaration: "Owner.property: [Element]"; docs: lines of the doc comment; header: the
    column labels, each "label" (a string), "label:number", "label:list" or "label:optional";
    rows: one list of values a row (a list for :list, None for an empty :optional)."""
    lines = ["#! " + declaration] + ["# " + line for line in docs] + ["\t".join(header)]
    for row in rows:
        assert len(row) == len(header), row
        lines.append("\t".join(cell(value) for value in row))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
