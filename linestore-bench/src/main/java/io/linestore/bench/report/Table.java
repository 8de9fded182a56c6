package io.linestore.bench.report;

import java.util.List;
import java.util.Objects;

/**
 * A titled table of text cells, the form every figure of a report takes before it is written as
 * Markdown.
 *
 * @param title a heading
 * @param note one paragraph saying what the table shows; may be empty
 * @param header the column names
 * @param rows the rows, each as wide as the header
 */
public record Table(String title, String note, List<String> header, List<List<String>> rows) {

    /**
     * Copies the lists and checks the widths.
     *
     * @throws IllegalArgumentException if a row is not as wide as the header
     * @throws NullPointerException if an argument is null
     */
    public Table {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(note, "note");
        header = List.copyOf(header);
        rows = rows.stream().map(List::copyOf).toList();
        for (List<String> row : rows) {
            if (row.size() != header.size()) {
                throw new IllegalArgumentException("table '" + title + "': row " + row + " has " + row.size()
                        + " cells, the header " + header.size());
            }
        }
    }

    /**
     * Renders the table as GitHub Markdown: a level-3 heading, the note, the table; a table without
     * rows is its heading and note alone.
     *
     * @return Markdown text ending in a blank line
     */
    public String toMarkdown() {
        StringBuilder text = new StringBuilder("### ").append(title).append("\n\n");
        if (!note.isEmpty()) {
            text.append(note).append("\n\n");
        }
        if (rows.isEmpty()) {
            return text.toString();
        }
        appendRow(text, header);
        appendRow(text, header.stream().map(h -> "---").toList());
        rows.forEach(row -> appendRow(text, row));
        return text.append('\n').toString();
    }

    private static void appendRow(StringBuilder text, List<String> cells) {
        text.append('|');
        for (String cell : cells) {
            text.append(' ').append(cell.replace("|", "\\|")).append(" |");
        }
        text.append('\n');
    }
}
