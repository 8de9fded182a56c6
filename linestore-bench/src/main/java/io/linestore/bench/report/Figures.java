package io.linestore.bench.report;

import io.linestore.ReadMethod;
import io.linestore.bench.config.IndexStride;
import io.linestore.bench.config.Position;
import io.linestore.bench.config.StoreLayout;
import io.linestore.bench.naive.NaiveRead;
import io.linestore.bench.seqio.SequentialIo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The figures that decide the layout, computed as ratios of scores from one run: end-of-store vs
 * start-of-store throughput, linestore vs SQLite, whole-range vs {@code readLine} RandomAccessFile
 * reads, where each reader wins, single-line latency percentiles, sequential I/O and build
 * throughput. Every figure is there; one whose benchmarks were not run has no rows and says what it
 * needs. SQLite figures take the tuned SQLite ({@code settings=MAPPED}) where the run has it.
 * Stateless.
 */
public final class Figures {

    /** The linestore read benchmark. */
    public static final String READ = "ReadBenchmark.read";

    /** The naive baselines' read benchmark. */
    public static final String NAIVE = "NaiveReadBenchmark.read";

    /** The SQLite peer's read benchmark. */
    public static final String SQLITE = "SqliteReadBenchmark.read";

    /** Building a store. */
    public static final String BUILD = "BuildBenchmark.build";

    /** Copying the same bytes a build reads. */
    public static final String COPY = "CopyBenchmark.copy";

    /** Generating the same bytes with data-gen. */
    public static final String GENERATE = "CopyBenchmark.generate";

    /** The sequential I/O benchmark class; its methods are {@code read}, {@code write}, {@code writeForced}. */
    public static final String SEQUENTIAL = "SequentialIoBenchmark";

    /** The start of the note of a figure whose benchmarks were not run. */
    public static final String NOT_MEASURED = "Not measured in this run:";

    /** The SQLite settings the figures compare with, when the run has more than one. */
    private static final String SQLITE_SETTINGS = "MAPPED";

    private static final double TARGET_END_OVER_START = 0.9;

    private static final List<String> SEQUENTIAL_OPERATIONS = List.of("read", "write", "writeForced");

    private final Results results;

    private Figures(Results results) {
        this.results = results;
    }

    /**
     * Computes every figure the results allow.
     *
     * @param results the results of one run
     * @return the figures as tables, in reading order
     */
    public static List<Table> of(Results results) {
        Figures figures = new Figures(results);
        return List.of(figures.endVersusStart(), figures.versusSqlite(), figures.rangesVersusReadLine(),
                figures.readerWins(), figures.latency(), figures.sequentialIo(), figures.buildVersusCopy());
    }

    /**
     * Returns the linestore configuration with the best throughput for a read, as
     * {@code layout/stride/method}.
     *
     * @param results the results of one run
     * @param position the position
     * @param rangeSize the lines per read
     * @return the best configuration and its score, if any ran
     */
    public static Optional<Map.Entry<String, Double>> bestLinestore(Results results, Position position, String rangeSize) {
        return results.all().stream()
                .filter(r -> r.shortName().equals(READ) && r.mode().equals(JmhResult.THROUGHPUT))
                .filter(r -> r.param("position").equals(position.name()) && r.param("rangeSize").equals(rangeSize))
                .max(Comparator.comparingDouble(JmhResult::score))
                .map(r -> Map.entry(configName(r), r.score()));
    }

    private static String configName(JmhResult r) {
        return r.param("layout") + "/" + r.param("stride") + "/" + r.param("method");
    }

    /**
     * Returns the parameters that pick the SQLite results a figure shows: the tuned settings where
     * the run has them, else the first setting it ran.
     *
     * @param results the results of one run
     * @return {@code settings} and its value, or nothing when the results name no settings
     */
    public static Map<String, String> sqlite(Results results) {
        List<String> settings = results.values(SQLITE, "settings");
        if (settings.isEmpty()) {
            return Map.of();
        }
        return Map.of("settings", settings.contains(SQLITE_SETTINGS) ? SQLITE_SETTINGS : settings.getFirst());
    }

    private static String sqliteLabel(Results results) {
        String settings = sqlite(results).getOrDefault("settings", "");
        return settings.isEmpty() ? "SQLite" : "SQLite " + settings;
    }

    private Table endVersusStart() {
        List<String> sizes = results.values(READ, "rangeSize");
        List<List<String>> rows = new ArrayList<>();
        List<Double> indexed = new ArrayList<>();
        for (StoreLayout layout : StoreLayout.values()) {
            for (IndexStride stride : IndexStride.values()) {
                for (ReadMethod method : ReadMethod.values()) {
                    Map<String, String> config = Map.of(
                            "layout", layout.name(), "stride", stride.name(), "method", method.name());
                    List<Double> ratios = sizes.stream().map(size -> endOverStart(READ, config, size)).toList();
                    if (ratios.stream().allMatch(r -> r.isNaN())) {
                        continue;
                    }
                    if (stride.indexed()) {
                        ratios.stream().filter(r -> !r.isNaN()).forEach(indexed::add);
                    }
                    rows.add(row(layout.name(), stride.name(), method.name(), ratios));
                }
            }
        }
        for (NaiveRead method : NaiveRead.values()) {
            List<Double> ratios = sizes.stream()
                    .map(size -> endOverStart(NAIVE, Map.of("approach", method.name()), size)).toList();
            if (!ratios.stream().allMatch(r -> r.isNaN())) {
                rows.add(row("plain text file", "-", method.name(), ratios));
            }
        }
        List<Double> sqlite = sizes.stream().map(size -> endOverStart(SQLITE, sqlite(results), size)).toList();
        if (!sqlite.stream().allMatch(r -> r.isNaN())) {
            rows.add(row(sqliteLabel(results), "rowid", "JDBC", sqlite));
        }
        String title = "End of store vs start (throughput ratio)";
        if (rows.isEmpty()) {
            return missing(title, "throughput of ReadBenchmark, NaiveReadBenchmark or SqliteReadBenchmark at"
                    + " positions START and END.");
        }
        List<String> header = new ArrayList<>(List.of("layout", "index", "reader"));
        sizes.forEach(size -> header.add(size + " lines"));
        List<Double> latency = latencyStartOverEnd();
        String note = "Throughput reading at the end of the store divided by throughput at its start, per range size."
                + (indexed.isEmpty() ? "" : summary("Indexed layouts (dense and sparse index)", indexed))
                + (latency.isEmpty() ? "" : summary("The same ratio from the sample-time median (p50 at the start"
                        + " divided by p50 at the end) of single-line reads, dense index, every layout and reader",
                        latency));
        return new Table(title, note, header, rows);
    }

    /** Start p50 over end p50 of single-line reads, dense index: a throughput ratio free of outliers. */
    private List<Double> latencyStartOverEnd() {
        List<Double> ratios = new ArrayList<>();
        for (StoreLayout layout : StoreLayout.values()) {
            for (ReadMethod method : ReadMethod.values()) {
                Map<String, String> config = Map.of("layout", layout.name(), "stride", IndexStride.DENSE.name(),
                        "method", method.name());
                Optional<JmhResult> start = results.find(READ, JmhResult.SAMPLE, with(config, Position.START, "1"));
                Optional<JmhResult> end = results.find(READ, JmhResult.SAMPLE, with(config, Position.END, "1"));
                if (start.isPresent() && end.isPresent()) {
                    ratios.add(start.get().percentileMicros("50.0") / end.get().percentileMicros("50.0"));
                }
            }
        }
        return ratios;
    }

    private static String summary(String label, List<Double> ratios) {
        List<Double> sorted = ratios.stream().sorted().toList();
        double median = sorted.size() % 2 == 1 ? sorted.get(sorted.size() / 2)
                : Math.sqrt(sorted.get(sorted.size() / 2 - 1) * sorted.get(sorted.size() / 2));
        long atLeast = sorted.stream().filter(r -> r >= TARGET_END_OVER_START).count();
        return " " + label + ", over " + sorted.size() + " cells: worst **"
                + Numbers.ratio(sorted.getFirst()) + "**, median **" + Numbers.ratio(median) + "**, " + atLeast + " of "
                + sorted.size() + " at or above " + Numbers.ratio(TARGET_END_OVER_START) + ".";
    }

    private double endOverStart(String benchmark, Map<String, String> config, String size) {
        return results.throughput(benchmark, with(config, Position.END, size))
                / results.throughput(benchmark, with(config, Position.START, size));
    }

    private Table versusSqlite() {
        List<List<String>> rows = new ArrayList<>();
        for (String size : results.values(SQLITE, "rangeSize")) {
            for (Position position : Position.values()) {
                double sqlite = results.throughput(SQLITE, with(sqlite(results), position, size));
                Optional<Map.Entry<String, Double>> best = bestLinestore(results, position, size);
                if (!Double.isNaN(sqlite) && best.isPresent()) {
                    rows.add(List.of(size, position.name(), best.get().getKey(), Numbers.rate(best.get().getValue()),
                            Numbers.rate(sqlite), Numbers.ratio(best.get().getValue() / sqlite)));
                }
            }
        }
        return table("linestore (best configuration) vs SQLite rowid range",
                "Reads per second of the same rows into Strings, same JVM, same run; " + sqliteLabel(results)
                        + ". The aim is at least 5x.",
                List.of("lines per read", "position", "best linestore", "linestore ops/s", "SQLite ops/s", "ratio"),
                rows, "throughput of ReadBenchmark and SqliteReadBenchmark at the same positions and range sizes.");
    }

    private Table rangesVersusReadLine() {
        List<List<String>> rows = new ArrayList<>();
        Map<String, String> linestoreRaf = Map.of("layout", StoreLayout.SINGLE.name(),
                "stride", IndexStride.DENSE.name(), "method", ReadMethod.RANDOM_ACCESS_FILE.name());
        Map<String, String> readLine = Map.of("approach", NaiveRead.RANDOM_ACCESS_FILE_READ_LINE.name());
        for (String size : results.values(NAIVE, "rangeSize")) {
            for (Position position : Position.values()) {
                double ranges = results.throughput(READ, with(linestoreRaf, position, size));
                double lines = results.throughput(NAIVE, with(readLine, position, size));
                if (!Double.isNaN(ranges) && !Double.isNaN(lines)) {
                    rows.add(List.of(size, position.name(), Numbers.rate(ranges), Numbers.rate(lines),
                            Numbers.ratio(ranges / lines)));
                }
            }
        }
        return table("RandomAccessFile: whole ranges (readFully) vs readLine",
                "linestore's RANDOM_ACCESS_FILE reader (single file, dense index: seek + readFully of the range) "
                        + "against seek + RandomAccessFile.readLine per line, ops/s.",
                List.of("lines per read", "position", "seek + readFully", "seek + readLine", "ratio"), rows,
                "throughput of ReadBenchmark (SINGLE, DENSE, RANDOM_ACCESS_FILE) and NaiveReadBenchmark"
                        + " (RANDOM_ACCESS_FILE_READ_LINE).");
    }

    private Table readerWins() {
        List<List<String>> rows = new ArrayList<>();
        for (StoreLayout layout : StoreLayout.values()) {
            for (String size : results.values(READ, "rangeSize")) {
                Map<String, Map<Position, Double>> scores = new LinkedHashMap<>();
                for (ReadMethod method : ReadMethod.values()) {
                    Map<String, String> config = Map.of("layout", layout.name(),
                            "stride", IndexStride.DENSE.name(), "method", method.name());
                    Map<Position, Double> byPosition = new EnumMap<>(Position.class);
                    for (Position position : Position.values()) {
                        double score = results.throughput(READ, with(config, position, size));
                        if (!Double.isNaN(score)) {
                            byPosition.put(position, score);
                        }
                    }
                    if (!byPosition.isEmpty()) {
                        scores.put(method.name(), byPosition);
                    }
                }
                if (scores.isEmpty()) {
                    continue;
                }
                // A mean over other positions would rank a reader by where it was read, not by how.
                Set<Position> common = EnumSet.allOf(Position.class);
                scores.values().forEach(byPosition -> common.retainAll(byPosition.keySet()));
                if (common.isEmpty()) {
                    continue;
                }
                Map<String, Double> geomeans = new HashMap<>();
                scores.forEach((method, byPosition) -> geomeans.put(method, Math.exp(common.stream()
                        .mapToDouble(position -> Math.log(byPosition.get(position))).average().orElseThrow())));
                String winner = geomeans.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
                List<String> row = new ArrayList<>(List.of(layout.name(), size, winner));
                for (ReadMethod method : ReadMethod.values()) {
                    row.add(Numbers.rate(geomeans.getOrDefault(method.name(), Double.NaN)));
                }
                row.add(Numbers.ratio(geomeans.getOrDefault(ReadMethod.MMAP.name(), Double.NaN)
                        / geomeans.getOrDefault(ReadMethod.FILE_CHANNEL.name(), Double.NaN)));
                rows.add(row);
            }
        }
        List<String> header = new ArrayList<>(List.of("layout", "lines per read", "fastest"));
        for (ReadMethod method : ReadMethod.values()) {
            header.add(method.name());
        }
        header.add("MMAP / FILE_CHANNEL");
        return table("Where each reader wins (dense index)",
                "Throughput (ops/s, geometric mean over the positions every reader was run at) per reader; the last"
                        + " column shows the mmap vs FileChannel crossover: above 1x mapping wins, below it the channel"
                        + " does.",
                header, rows, "throughput of ReadBenchmark with a dense index.");
    }

    private Table latency() {
        List<String> positions = sampledPositions();
        List<List<String>> rows = new ArrayList<>();
        for (StoreLayout layout : StoreLayout.values()) {
            for (ReadMethod method : ReadMethod.values()) {
                addLatencyRow(rows, positions, READ, layout.name() + "/DENSE", method.name(),
                        Map.of("layout", layout.name(), "stride", IndexStride.DENSE.name(), "method", method.name()));
            }
        }
        for (NaiveRead method : NaiveRead.values()) {
            addLatencyRow(rows, positions, NAIVE, "plain text file", method.name(), Map.of("approach", method.name()));
        }
        addLatencyRow(rows, positions, SQLITE, sqliteLabel(results), "rowid BETWEEN", sqlite(results));
        List<String> header = new ArrayList<>(List.of("store", "reader"));
        for (String position : positions) {
            header.add(position + " p50 µs");
            header.add(position + " p99 µs");
        }
        return table("Single-line random reads: latency percentiles",
                "Sample-time mode, one line per read, microseconds.", header, rows,
                "sample-time results of single-line reads (ReadBenchmark, NaiveReadBenchmark, SqliteReadBenchmark).");
    }

    /** The positions of the sample-time read results, in {@link Position} order: the latency table's columns. */
    private List<String> sampledPositions() {
        Set<String> sampled = new HashSet<>();
        results.all().stream().filter(r -> r.mode().equals(JmhResult.SAMPLE))
                .filter(r -> List.of(READ, NAIVE, SQLITE).contains(r.shortName()))
                .forEach(r -> sampled.add(r.param("position")));
        return Stream.of(Position.values()).map(Position::name).filter(sampled::contains).toList();
    }

    private void addLatencyRow(List<List<String>> rows, List<String> positions, String benchmark, String store,
            String reader, Map<String, String> config) {
        List<String> row = new ArrayList<>(List.of(store, reader));
        boolean any = false;
        for (String position : positions) {
            Optional<JmhResult> sample = results.find(benchmark, JmhResult.SAMPLE,
                    with(config, Position.valueOf(position), "1"));
            any |= sample.isPresent();
            row.add(sample.map(r -> Numbers.rate(r.percentileMicros("50.0"))).orElse("n/a"));
            row.add(sample.map(r -> Numbers.rate(r.percentileMicros("99.0"))).orElse("n/a"));
        }
        if (any) {
            rows.add(row);
        }
    }

    private Table sequentialIo() {
        List<String> buffers = results.values(SEQUENTIAL + ".read", "bufferSize");
        List<List<String>> rows = new ArrayList<>();
        for (String operation : SEQUENTIAL_OPERATIONS) {
            String benchmark = SEQUENTIAL + "." + operation;
            for (SequentialIo method : SequentialIo.values()) {
                List<String> row = new ArrayList<>(List.of(operation, method.name()));
                boolean any = false;
                for (String buffer : buffers) {
                    Optional<JmhResult> result = results.find(benchmark, JmhResult.THROUGHPUT,
                            Map.of("io", method.name(), "bufferSize", buffer));
                    any |= result.isPresent();
                    row.add(result.map(r -> Numbers.rate(r.score() * Long.parseLong(r.param("fileBytes")) / 1e6))
                            .orElse("n/a"));
                }
                if (any) {
                    rows.add(row);
                }
            }
        }
        List<String> header = new ArrayList<>(List.of("operation", "method"));
        buffers.forEach(buffer -> header.add(Long.parseLong(buffer) / 1024 + " KiB buffer"));
        return table("Sequential I/O (MB/s)",
                "Whole-file writes and reads; writeForced adds force()/fsync before close.", header, rows,
                "throughput of SequentialIoBenchmark.");
    }

    private Table buildVersusCopy() {
        List<List<String>> rows = new ArrayList<>();
        for (String lines : results.values(COPY, "lines")) {
            double copy = results.throughput(COPY, Map.of("lines", lines));
            double generate = results.throughput(GENERATE, Map.of("lines", lines));
            if (!Double.isNaN(generate)) {
                rows.add(List.of(lines, "data-gen generate", Numbers.rate(generate), Numbers.rate(copy),
                        Numbers.ratio(generate / copy)));
            }
            for (StoreLayout layout : StoreLayout.values()) {
                for (IndexStride stride : IndexStride.values()) {
                    double build = results.throughput(BUILD,
                            Map.of("lines", lines, "layout", layout.name(), "stride", stride.name()));
                    if (!Double.isNaN(build)) {
                        rows.add(List.of(lines, "build " + layout.name() + "/" + stride.name(), Numbers.rate(build),
                                Numbers.rate(copy), Numbers.ratio(build / copy)));
                    }
                }
            }
        }
        return table("Building a store, and generating data, vs a plain copy of the same bytes",
                "Operations per second on the same input; ratio = operation / copy (1x would be as fast as a copy).",
                List.of("lines", "operation", "ops/s", "copy ops/s", "ratio"), rows,
                "throughput of CopyBenchmark with BuildBenchmark or CopyBenchmark.generate on the same lines.");
    }

    /** The table, or when no row could be computed, the table saying what it needs. */
    private static Table table(String title, String note, List<String> header, List<List<String>> rows,
            String needs) {
        return rows.isEmpty() ? missing(title, needs) : new Table(title, note, header, rows);
    }

    private static Table missing(String title, String needs) {
        return new Table(title, NOT_MEASURED + " this figure needs " + needs, List.of(), List.of());
    }

    private static Map<String, String> with(Map<String, String> config, Position position, String size) {
        Map<String, String> params = new HashMap<>(config);
        params.put("position", position.name());
        params.put("rangeSize", size);
        return params;
    }

    private static List<String> row(String layout, String stride, String method, List<Double> ratios) {
        List<String> row = new ArrayList<>(List.of(layout, stride, method));
        ratios.forEach(r -> row.add(Numbers.ratio(r)));
        return row;
    }
}
