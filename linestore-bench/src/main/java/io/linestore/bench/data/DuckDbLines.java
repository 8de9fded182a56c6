package io.linestore.bench.data;

import io.linestore.LineStore;
import io.linestore.LineVisitor;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * The lines in DuckDB through its JDBC driver, as a table {@code lines(line_no BIGINT, line VARCHAR)}
 * stored in line order, or as a Parquet file DuckDB wrote from that table. A read is one execution of
 * a prepared {@code SELECT line ... WHERE line_no >= ? AND line_no < ?} on one read-only connection.
 *
 * <p>A range filter rather than {@code LIMIT ? OFFSET ?}: DuckDB skips whole row groups whose
 * {@code line_no} minimum and maximum (kept for the table and in the Parquet footer) miss the range,
 * while an offset makes it produce and drop every row before the first, so reads at the end of a
 * large store would cost a scan. The parameters are bound before the filter is pushed into the scan:
 * {@code EXPLAIN ANALYZE} of the prepared statement on a million lines scans one row group of nine.
 * There is no primary key: appending the rows sorted is what makes the row groups' ranges disjoint,
 * so the scan already reads one or two row groups, and an index would make the load slower. There is
 * no {@code ORDER BY} either: DuckDB keeps insertion order ({@code preserve_insertion_order}, on by
 * default), and the benchmark checks every line.
 *
 * <p>The byte way selects {@code encode(line)}, a BLOB read with {@code getBytes}: the closest
 * DuckDB's JDBC driver comes to handing out bytes without making a String. Not thread-safe: one
 * instance holds one connection and its statements.
 */
public final class DuckDbLines implements EngineLines {

    private static final String TABLE = "lines";

    private final String source;
    private final Connection connection;
    private final PreparedStatement select;
    private final PreparedStatement selectBytes;

    private DuckDbLines(String source, Connection connection, PreparedStatement select,
            PreparedStatement selectBytes) {
        this.source = source;
        this.connection = connection;
        this.select = select;
        this.selectBytes = selectBytes;
    }

    /**
     * Writes every line of {@code source} into a new database file through DuckDB's appender, the
     * fast way into a table, in line order.
     *
     * @param source the lines to copy
     * @param database the database file to create; it must not exist
     * @throws IllegalStateException naming the file if DuckDB fails
     */
    public static void build(LineStore source, Path database) {
        try (Connection connection = connect(database, false); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE " + TABLE + "(line_no BIGINT NOT NULL, line VARCHAR NOT NULL)");
            try (DuckDBAppender appender = connection.unwrap(DuckDBConnection.class).createAppender(
                    DuckDBConnection.DEFAULT_SCHEMA, TABLE)) {
                long lineNumber = 0;
                for (var lines = source.lines(0, source.lineCount()).iterator(); lines.hasNext(); lineNumber++) {
                    appender.beginRow();
                    appender.append(lineNumber);
                    appender.append(lines.next());
                    appender.endRow();
                }
            }
            statement.execute("CHECKPOINT");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot build DuckDB database " + database + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes the table of a database {@link #build} wrote to a Parquet file, with DuckDB's defaults.
     *
     * @param database the database file
     * @param parquet the Parquet file to create
     * @throws IllegalStateException naming the files if DuckDB fails
     */
    public static void writeParquet(Path database, Path parquet) {
        try (Connection connection = connect(database, true); Statement statement = connection.createStatement()) {
            statement.execute("COPY (SELECT * FROM " + TABLE + " ORDER BY line_no) TO " + literal(parquet)
                    + " (FORMAT parquet)");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot write " + parquet + " from DuckDB database " + database + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * Opens a database that {@link #build} wrote, read-only.
     *
     * @param database the database file
     * @return the open database; close it
     * @throws IllegalStateException naming the file if DuckDB fails
     */
    public static DuckDbLines openTable(Path database) {
        try {
            return open(database.toString(), connect(database, true), TABLE);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open DuckDB database " + database + ": " + e.getMessage(), e);
        }
    }

    /**
     * Opens a Parquet file that {@link #writeParquet} wrote, through an in-memory DuckDB database
     * that caches the file's footer, so that a read does not parse it again.
     *
     * @param parquet the Parquet file
     * @return the open file; close it
     * @throws IllegalStateException naming the file if DuckDB fails
     */
    public static DuckDbLines openParquet(Path parquet) {
        Connection connection = null;
        try {
            connection = DriverManager.getConnection("jdbc:duckdb:");
            try (Statement statement = connection.createStatement()) {
                statement.execute("SET parquet_metadata_cache = true");
            }
            return open(parquet.toString(), connection, "read_parquet(" + literal(parquet) + ")");
        } catch (SQLException e) {
            if (connection != null) {
                try {
                    connection.close();
                } catch (SQLException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw new IllegalStateException("cannot open Parquet file " + parquet + ": " + e.getMessage(), e);
        }
    }

    private static DuckDbLines open(String source, Connection connection, String from) throws SQLException {
        String where = " FROM " + from + " WHERE line_no >= ? AND line_no < ?";
        try {
            return new DuckDbLines(source, connection, connection.prepareStatement("SELECT line" + where),
                    connection.prepareStatement("SELECT encode(line)" + where));
        } catch (SQLException e) {
            connection.close();
            throw e;
        }
    }

    /**
     * Reads lines {@code [offset, offset + size)}, as far as they exist, into Strings.
     *
     * @throws IllegalStateException naming the file if DuckDB fails
     */
    @Override
    public List<String> read(long offset, int size) {
        try {
            return JdbcRanges.strings(select, offset, offset + size, size);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read " + source + ": " + e.getMessage(), e);
        }
    }

    /**
     * Hands each line's UTF-8 bytes, fetched as a BLOB, to the visitor.
     *
     * @throws IllegalStateException naming the file if DuckDB fails
     */
    @Override
    public void readBytes(long offset, int size, LineVisitor visitor) {
        try {
            selectBytes.setLong(1, offset);
            selectBytes.setLong(2, offset + size);
            try (ResultSet rows = selectBytes.executeQuery()) {
                for (long lineNumber = offset; rows.next(); lineNumber++) {
                    visitor.visit(lineNumber, ByteBuffer.wrap(rows.getBytes(1)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read " + source + ": " + e.getMessage(), e);
        }
    }

    /**
     * Closes the statements and the connection.
     *
     * @throws IllegalStateException naming the file if DuckDB fails
     */
    @Override
    public void close() {
        try {
            try {
                select.close();
                selectBytes.close();
            } finally {
                connection.close();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot close " + source + ": " + e.getMessage(), e);
        }
    }

    private static Connection connect(Path database, boolean readOnly) throws SQLException {
        Properties properties = new Properties();
        if (readOnly) {
            properties.setProperty("duckdb.read_only", "true");
        }
        return DriverManager.getConnection("jdbc:duckdb:" + database.toAbsolutePath(), properties);
    }

    private static String literal(Path file) {
        return "'" + file.toAbsolutePath().toString().replace("'", "''") + "'";
    }
}
