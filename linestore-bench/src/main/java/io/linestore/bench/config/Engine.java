package io.linestore.bench.config;

/**
 * The embedded engines a Java user would pick instead of linestore to read lines by number, and
 * linestore itself as the reference: each holds the same generated lines, keyed by line number.
 * Shared by the JMH {@code @Param}s, the load figures and the tests.
 */
public enum Engine {

    /** linestore: one file with a dense index, memory-mapped; the row the others are compared with. */
    LINESTORE,

    /** LMDB through lmdbjava: keys are big-endian 8-byte line numbers, read with one cursor per read. */
    LMDB,

    /**
     * RocksDB through rocksdbjni: the same keys, bulk-loaded as one sorted SST file, with a block
     * cache as large as the data, read with one iterator per read.
     */
    ROCKSDB,

    /** DuckDB through its JDBC driver: a table {@code lines(line_no BIGINT PRIMARY KEY, line VARCHAR)}. */
    DUCKDB,

    /** DuckDB through its JDBC driver over the same lines as a Parquet file DuckDB wrote. */
    DUCKDB_PARQUET
}
