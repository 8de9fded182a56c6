package io.linestore.bench.data;

import io.linestore.LineStore;
import io.linestore.bench.config.SqliteSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Iterator;
import java.util.List;

/**
 * The peer a user would pick instead of linestore: the same lines in an SQLite table
 * {@code lines(line TEXT)}, where {@code rowid} is the line number plus one, read through
 * sqlite-jdbc with {@code SELECT line FROM lines WHERE rowid BETWEEN ? AND ?}.
 *
 * <p>Not thread-safe: one instance holds one connection and one prepared statement.
 */
public final class SqliteLines implements LineRanges {

    private static final int BATCH = 10_000;

    private final Path database;
    private final Connection connection;
    private final PreparedStatement select;

    private SqliteLines(Path database, Connection connection, PreparedStatement select) {
        this.database = database;
        this.connection = connection;
        this.select = select;
    }

    /**
     * Writes every line of {@code source} into a new database file, in line order, in one
     * transaction. Journaling and syncing are off while it writes: the file is a cache that is
     * rebuilt, never a record.
     *
     * @param source the lines to copy
     * @param database the database file to create; it must not exist
     * @throws IllegalStateException naming the file if SQLite fails
     */
    public static void build(LineStore source, Path database) {
        try (Connection connection = connect(database);
                Statement statement = connection.createStatement()) {
            statement.execute("PRAGMA journal_mode=OFF");
            statement.execute("PRAGMA synchronous=OFF");
            statement.execute("CREATE TABLE lines(line TEXT NOT NULL)");
            connection.setAutoCommit(false);
            try (PreparedStatement insert = connection.prepareStatement("INSERT INTO lines(line) VALUES (?)")) {
                int batched = 0;
                for (Iterator<String> lines = source.lines(0, source.lineCount()).iterator(); lines.hasNext(); ) {
                    insert.setString(1, lines.next());
                    insert.addBatch();
                    if (++batched == BATCH) {
                        insert.executeBatch();
                        batched = 0;
                    }
                }
                insert.executeBatch();
            }
            connection.commit();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot build SQLite database " + database + ": " + e.getMessage(), e);
        }
    }

    /**
     * Opens a database that {@link #build} wrote.
     *
     * @param database the database file
     * @param settings SQLite's defaults, or a mapping and a page cache as large as the file
     * @return the open database; close it
     * @throws IllegalStateException naming the file if SQLite fails
     * @throws UncheckedIOException naming the file if its size cannot be read
     */
    public static SqliteLines open(Path database, SqliteSettings settings) {
        Connection connection = null;
        try {
            connection = connect(database);
            if (settings == SqliteSettings.MAPPED) {
                long bytes = Files.size(database);
                try (Statement statement = connection.createStatement()) {
                    statement.execute("PRAGMA mmap_size=" + bytes);
                    try (ResultSet mapped = statement.executeQuery("PRAGMA mmap_size")) {
                        if (!mapped.next() || mapped.getLong(1) <= 0) {
                            throw new SQLException("this SQLite build does not memory-map databases");
                        }
                    }
                    // A negative cache_size is in KiB rather than pages.
                    statement.execute("PRAGMA cache_size=-" + (bytes / 1024 + 1));
                }
            }
            return new SqliteLines(database, connection,
                    connection.prepareStatement("SELECT line FROM lines WHERE rowid BETWEEN ? AND ?"));
        } catch (SQLException e) {
            closeQuietly(connection, e);
            throw new IllegalStateException("cannot open SQLite database " + database + ": " + e.getMessage(), e);
        } catch (IOException e) {
            closeQuietly(connection, e);
            throw new UncheckedIOException("cannot read the size of SQLite database " + database, e);
        }
    }

    /**
     * Reads lines {@code [offset, offset + size)}, as far as they exist, into Strings, as
     * {@link LineStore#read} returns them.
     *
     * @param offset the first line number, {@code >= 0}
     * @param size the most lines to return, {@code >= 0}
     * @return the lines, in order
     * @throws IllegalStateException naming the file if SQLite fails
     */
    @Override
    public List<String> read(long offset, int size) {
        try {
            return JdbcRanges.strings(select, offset + 1, offset + size, size);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read SQLite database " + database + ": " + e.getMessage(), e);
        }
    }

    /**
     * Closes the statement and the connection.
     *
     * @throws IllegalStateException naming the file if SQLite fails
     */
    @Override
    public void close() {
        try {
            try {
                select.close();
            } finally {
                connection.close();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot close SQLite database " + database + ": " + e.getMessage(), e);
        }
    }

    private static Connection connect(Path database) throws SQLException {
        return DriverManager.getConnection("jdbc:sqlite:" + database.toAbsolutePath());
    }

    private static void closeQuietly(Connection connection, Exception cause) {
        if (connection == null) {
            return;
        }
        try {
            connection.close();
        } catch (SQLException e) {
            cause.addSuppressed(e);
        }
    }
}
