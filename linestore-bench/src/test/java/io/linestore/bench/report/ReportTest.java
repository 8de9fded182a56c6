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
        assertThat(figure("Single-line random reads: latency percentiles").rows())
                .contains(List.of("SINGLE/DENSE", "MMAP", "1.00", "5.00", "n/a", "n/a", "n/a", "n/a", "n/a", "n/a"));
        assertThat(figure("Sequential I/O (MB/s)").rows()).contains(List.of("read", "MMAP", "1,050"));
        assertThat(figure("Building a store, and generating data, vs a plain copy of the same bytes").rows())
                .contains(List.of("1000", "data-gen generate", "5.00", "10.0", "0.50x"),
                        List.of("1000", "build SINGLE/DENSE", "4.00", "10.0", "0.40x"));
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
