package io.linestore.bench;

import io.linestore.Compression;
import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.ReadMethod;
import io.linestore.StoreOptions;
import io.linestore.bench.data.BenchData;
import io.linestore.bench.data.DuckDbLines;
import io.linestore.bench.data.LmdbLines;
import io.linestore.bench.data.RocksDbLines;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * What loading the generated lines costs each engine {@link EngineReadBenchmark} reads: seconds to
 * load them and bytes on disk per line, printed as a Markdown table beside linestore's {@code build}
 * and {@code build --compress zstd}. One load each, timed with the wall clock: a load takes seconds
 * to minutes, so a single shot is the figure, and each starts from a fresh directory.
 *
 * <p>linestore builds from the text file; LMDB, RocksDB and the DuckDB table load from the plain
 * store (reading it costs a fraction of a second per million lines, in every engine's time alike),
 * the way {@link BenchData} makes them; the Parquet file is written by DuckDB from its table, so its
 * time is that of the {@code COPY} alone. The JVM needs the {@code --add-opens} options lmdbjava
 * needs (see {@link LmdbLines}).
 */
public final class EngineLoad {

    private EngineLoad() {
    }

    /**
     * Loads {@code lines} generated lines into every engine and prints the table.
     *
     * @param args the line count (default 1,000,000), then the data directory (default
     *     {@link BenchData#DEFAULT_DIRECTORY}), where the text is generated once and the loads go
     * @throws IllegalStateException naming the files if an engine fails
     * @throws UncheckedIOException naming the file if a file cannot be written or measured
     */
    public static void main(String[] args) {
        long lines = args.length > 0 ? Long.parseLong(args[0].replace("_", "")) : 1_000_000;
        BenchData data = BenchData.in(args.length > 1 ? args[1] : "");
        Path text = data.textFile(lines);
        Path scratch = data.scratch("engine-load");
        try {
            System.out.printf(Locale.ROOT, "%,d generated lines (%,d bytes of text)%n%n", lines, size(text));
            System.out.println("| engine | load (s) | bytes on disk | bytes per line |");
            System.out.println("|---|---:|---:|---:|");
            Path store = scratch.resolve("store");
            row("linestore build", lines, store,
                    path -> LineStores.build(text, path, StoreOptions.builder().build()));
            row("linestore build --compress zstd", lines, scratch.resolve("store-zstd"),
                    path -> LineStores.build(text, path, StoreOptions.builder().compression(Compression.zstd()).build()));
            try (LineStore source = LineStores.open(store, ReadMethod.FILE_CHANNEL)) {
                long mapBytes = data.lmdbMapBytes(lines);
                row("LMDB", lines, scratch.resolve("lmdb"), path -> LmdbLines.build(source, path, mapBytes));
                row("RocksDB", lines, scratch.resolve("rocksdb"), path -> RocksDbLines.build(source, path));
                row("DuckDB table", lines, scratch.resolve("lines.duckdb"), path -> DuckDbLines.build(source, path));
            }
            row("DuckDB Parquet (COPY from the table)", lines, scratch.resolve("lines.parquet"),
                    path -> DuckDbLines.writeParquet(scratch.resolve("lines.duckdb"), path));
        } finally {
            BenchData.deleteTree(scratch);
        }
    }

    private static void row(String engine, long lines, Path target, Consumer<Path> load) {
        long start = System.nanoTime();
        load.accept(target);
        double seconds = (System.nanoTime() - start) / 1e9;
        long bytes = size(target);
        System.out.printf(Locale.ROOT, "| %s | %.2f | %,d | %.1f |%n", engine, seconds, bytes,
                lines == 0 ? 0.0 : (double) bytes / lines);
        System.out.flush();
    }

    /** Bytes of a file, or of every file under a directory. */
    private static long size(Path path) {
        try (Stream<Path> files = Files.walk(path)) {
            return files.filter(Files::isRegularFile).mapToLong(file -> {
                try {
                    return Files.size(file);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read the size of " + file, e);
                }
            }).sum();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + path, e);
        }
    }
}
