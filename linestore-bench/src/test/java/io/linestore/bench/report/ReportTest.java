package io.linestore.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report generator on a stored, small JMH JSON file whose figures are known. */
class ReportTest {

    @TempDir
    Path dir;

    private Path json;

    @BeforeEach
    void copyResults() throws IOException {
        json = dir.resolve("jmh.json");
        try (InputStream in = ReportTest.class.getResourceAsStream("/small-jmh-results.json")) {
            Files.copy(in, json, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Test
    void readsEveryResultWithItsParametersUnitAndPercentiles() {
        List<JmhResult> results = JmhResults.read(json);

        assertThat(results).hasSize(36);
        JmhResult first = results.getFirst();
        assertThat(first.shortName()).isEqualTo("ReadBenchmark.read");
        assertThat(first.params()).containsEntry("layout", "SINGLE").containsEntry("rangeSize", "1");
        assertThat(first.unit()).isEqualTo("ops/s");
        JmhResult sample = results.stream().filter(r -> r.mode().equals(JmhResult.SAMPLE)).findFirst().orElseThrow();
        assertThat(sample.percentileMicros("50.0")).isEqualTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(sample.percentileMicros("99.0")).isEqualTo(5.0, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(results.stream().filter(r -> r.shortName().equals("CopyBenchmark.copy")).findFirst().orElseThrow()
                .scoreError()).isNaN();
    }

    @Test
    void endVersusStartIsReportedPerReaderWithTheWorstIndexedRatio() {
        Table table = figure("End of store vs start (throughput ratio)");

        assertThat(table.header()).containsExactly("layout", "index", "reader", "1 lines", "10000 lines");
        assertThat(table.rows()).contains(List.of("SINGLE", "DENSE", "MMAP", "0.95x", "0.95x"),
                List.of("SINGLE", "NONE", "MMAP", "0.01x", "n/a"),
                List.of("plain text file", "-", "READER_SKIP", "0.03x", "0.03x"));
        assertThat(table.note()).contains("Indexed layouts (dense and sparse index), over 8 cells: worst **0.90x**,",
                "8 of 8 at or above 0.90x");
    }

    @Test
    void linestoreVersusSqliteUsesTheBestConfigurationPerReadSize() {
        Table table = figure("linestore (best configuration) vs SQLite rowid range");

        assertThat(table.rows()).contains(
                List.of("1", "START", "SINGLE/DENSE/MMAP", "1,000,000", "100,000", "10.00x"),
                List.of("10000", "START", "SINGLE/DENSE/FILE_CHANNEL", "800", "80.0", "10.00x"));
    }

    @Test
    void randomAccessFileRangesAreComparedWithReadLine() {
        Table table = figure("RandomAccessFile: whole ranges (readFully) vs readLine");

        assertThat(table.rows()).contains(List.of("1", "START", "400,000", "20,000", "20.00x"),
                List.of("10000", "START", "600", "2.00", "300x"));
    }

    @Test
    void theCrossoverShowsMappingWinningSmallReadsAndTheChannelBigOnes() {
        Table table = figure("Where each reader wins (dense index)");

        assertThat(table.rows()).anySatisfy(row -> assertThat(row).startsWith("SINGLE", "1", "MMAP"));
        assertThat(table.rows()).anySatisfy(row -> assertThat(row).startsWith("SINGLE", "10000", "FILE_CHANNEL"));
    }

    @Test
    void latencySequentialIoAndBuildFiguresAreComputed() {
        Table latency = figure("Single-line random reads: latency percentiles");
        // Only the positions sampled have columns.
        assertThat(latency.header()).containsExactly("store", "reader", "START p50 µs", "START p99 µs");
        assertThat(latency.rows()).containsExactly(List.of("SINGLE/DENSE", "MMAP", "1.00", "5.00"));
        assertThat(figure("Sequential I/O (MB/s)").rows()).contains(List.of("read", "MMAP", "1,050"));
        assertThat(figure("Building a store, and generating data, vs a plain copy of the same bytes").rows())
                .contains(List.of("1000", "data-gen generate", "5.00", "10.0", "0.50x"),
                        List.of("1000", "build SINGLE/DENSE", "4.00", "10.0", "0.40x"));
    }

    @Test
    void aFigureWhoseBenchmarksWereNotRunSaysSoAndShowsNoNumbers() {
        Results onlyIo = new Results(JmhResults.read(json).stream()
                .filter(r -> r.shortName().startsWith("SequentialIoBenchmark.")).toList());

        List<Table> figures = Figures.of(onlyIo);

        assertThat(figures).extracting(Table::title).hasSize(7).contains("End of store vs start (throughput ratio)",
                "Where each reader wins (dense index)", "Sequential I/O (MB/s)");
        assertThat(figures).filteredOn(t -> !t.title().startsWith("Sequential")).allSatisfy(t -> {
            assertThat(t.rows()).isEmpty();
            assertThat(t.note()).startsWith(Figures.NOT_MEASURED + " this figure needs ");
        });
        assertThat(Report.markdown(onlyIo)).contains("### Where each reader wins (dense index)\n\n"
                + Figures.NOT_MEASURED + " this figure needs throughput of ReadBenchmark with a dense index.\n\n###");
    }

    @Test
    void sqliteFiguresTakeTheTunedSettingsWhateverTheOrderOfTheResults() {
        Results results = new Results(List.of(
                result("ReadBenchmark.read", Map.of("layout", "SINGLE", "stride", "DENSE", "method", "MMAP",
                        "position", "END", "rangeSize", "1"), 1_000_000),
                result("SqliteReadBenchmark.read", Map.of("settings", "DEFAULTS", "position", "END", "rangeSize", "1"),
                        50_000),
                result("SqliteReadBenchmark.read", Map.of("settings", "MAPPED", "position", "END", "rangeSize", "1"),
                        100_000)));

        Table table = Figures.of(results).stream().filter(t -> t.title().startsWith("linestore (best"))
                .findFirst().orElseThrow();

        assertThat(table.rows()).containsExactly(
                List.of("1", "END", "SINGLE/DENSE/MMAP", "1,000,000", "100,000", "10.00x"));
        assertThat(table.note()).contains("SQLite MAPPED");
    }

    @Test
    void theReaderRankingComparesReadersOnlyAtThePositionsEachOfThemRan() {
        Map<String, String> mmap = Map.of("layout", "SINGLE", "stride", "DENSE", "method", "MMAP", "rangeSize", "1");
        Map<String, String> channel = Map.of("layout", "SINGLE", "stride", "DENSE", "method", "FILE_CHANNEL",
                "rangeSize", "1");
        Results results = new Results(List.of(
                result("ReadBenchmark.read", plus(mmap, "position", "START"), 100),
                result("ReadBenchmark.read", plus(mmap, "position", "END"), 100),
                result("ReadBenchmark.read", plus(channel, "position", "START"), 150),
                // Mapping alone in the middle, and fast there: outside what both ran, it must not count.
                result("ReadBenchmark.read", plus(mmap, "position", "MIDDLE"), 10_000)));

        Table table = Figures.of(results).stream().filter(t -> t.title().startsWith("Where each reader wins"))
                .findFirst().orElseThrow();

        assertThat(table.rows()).hasSize(1);
        assertThat(table.rows().getFirst()).startsWith("SINGLE", "1", "FILE_CHANNEL");
        assertThat(table.rows().getFirst()).contains("100", "150");
    }

    private static JmhResult result(String shortName, Map<String, String> params, double score) {
        return new JmhResult("io.linestore.bench." + shortName, JmhResult.THROUGHPUT, params, score, Double.NaN,
                "ops/s", Map.of(), "25");
    }

    private static Map<String, String> plus(Map<String, String> params, String key, String value) {
        Map<String, String> more = new java.util.HashMap<>(params);
        more.put(key, value);
        return more;
    }

    @Test
    void writesCsvMarkdownAndPngCharts() throws IOException {
        Path out = dir.resolve("report");

        List<Path> files = Report.write(json, out);

        assertThat(files).contains(out.resolve(Report.CSV), out.resolve(Report.MARKDOWN),
                out.resolve("position-single-1.png"), out.resolve("position-sharded_10k-10000.png"),
                out.resolve("linestore-vs-sqlite.png"));
        for (Path file : files.stream().filter(f -> f.toString().endsWith(".png")).toList()) {
            byte[] head = Arrays.copyOf(Files.readAllBytes(file), 4);
            assertThat(head).containsExactly(0x89, 'P', 'N', 'G');
        }
        assertThat(Files.readString(out.resolve(Report.MARKDOWN)))
                .contains("JDK 25.0.3", "### End of store vs start", "| SINGLE | DENSE | MMAP | 0.95x | 0.95x |");
        List<Map<String, String>> csv = readCsv(out.resolve(Report.CSV));
        assertThat(csv).hasSize(36);
        assertThat(csv.getFirst()).containsEntry("benchmark", "ReadBenchmark.read").containsEntry("layout", "SINGLE")
                .containsEntry("score", "1000000.0").containsEntry("p50_us", "");
    }

    @Test
    void aFileThatIsNotJmhJsonIsRejectedByName() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"not\": \"jmh\"}");

        assertThatThrownBy(() -> JmhResults.read(bad))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(bad.toString());
    }

    private Table figure(String title) {
        return Figures.of(new Results(JmhResults.read(json))).stream()
                .filter(t -> t.title().equals(title)).findFirst().orElseThrow();
    }

    private static List<Map<String, String>> readCsv(Path file) throws IOException {
        CsvMapper csv = new CsvMapper();
        try (MappingIterator<Map<String, String>> rows = csv.readerFor(Map.class)
                .with(csv.schemaWithHeader()).readValues(file.toFile())) {
            return rows.readAll();
        }
    }
}
