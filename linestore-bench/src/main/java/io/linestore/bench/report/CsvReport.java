package io.linestore.bench.report;

import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Writes JMH results as CSV: one row per result, one column per parameter name found in any
 * result (blank where a benchmark lacks it), then the score, its error, its unit and, for
 * sample-time results, p50 and p99 in microseconds. Stateless.
 */
public final class CsvReport {

    private static final CsvMapper CSV = new CsvMapper();

    private CsvReport() {
    }

    /**
     * Writes the CSV file, replacing any file there.
     *
     * @param results the results
     * @param file the CSV file
     * @throws UncheckedIOException naming the file if it cannot be written
     */
    public static void write(Results results, Path file) {
        List<String> params = new ArrayList<>(new TreeSet<>(
                results.all().stream().flatMap(r -> r.params().keySet().stream()).toList()));
        List<String> header = new ArrayList<>(List.of("benchmark", "mode"));
        header.addAll(params);
        header.addAll(List.of("score", "score_error", "unit", "p50_us", "p99_us"));
        try (SequenceWriter out = CSV.writer(CsvSchema.emptySchema()).writeValues(file.toFile())) {
            out.write(header);
            for (JmhResult result : results.all()) {
                List<String> row = new ArrayList<>(List.of(result.shortName(), result.mode()));
                params.forEach(p -> row.add(result.param(p)));
                row.add(Double.toString(result.score()));
                row.add(Double.isNaN(result.scoreError()) ? "" : Double.toString(result.scoreError()));
                row.add(result.unit());
                row.add(percentile(result, "50.0"));
                row.add(percentile(result, "99.0"));
                out.write(row);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static String percentile(JmhResult result, String key) {
        return result.mode().equals(JmhResult.SAMPLE) ? Double.toString(result.percentileMicros(key)) : "";
    }
}
