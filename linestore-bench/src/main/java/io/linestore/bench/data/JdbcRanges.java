package io.linestore.bench.data;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** The one way the SQL engines' copies answer a range: a prepared query with its bounds, one String a row. */
final class JdbcRanges {

    private JdbcRanges() {
    }

    /**
     * Runs {@code select} with its two parameters set to {@code first} and {@code last} and returns the
     * first column of each row.
     *
     * @param select a query of one String column whose parameters 1 and 2 bound the range
     * @param first parameter 1
     * @param last parameter 2
     * @param size the most rows expected, to size the list
     * @return the rows' Strings, in order
     * @throws SQLException if the engine fails
     */
    static List<String> strings(PreparedStatement select, long first, long last, int size) throws SQLException {
        select.setLong(1, first);
        select.setLong(2, last);
        List<String> lines = new ArrayList<>(size);
        try (ResultSet rows = select.executeQuery()) {
            while (rows.next()) {
                lines.add(rows.getString(1));
            }
        }
        return lines;
    }
}
