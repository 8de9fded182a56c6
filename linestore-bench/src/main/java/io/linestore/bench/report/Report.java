package io.linestore.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Turns a JMH JSON result file into a report: {@value #CSV}, {@value #MARKDOWN} (the figures and
 * every result) and PNG charts, in one directory. Stateless.
 */
public final class Report {

    /** The CSV file's name. */
    public static final String CSV = "results.csv";

    /** The Markdown file's name. */
    public static final String MARKDOWN = "results.md";

    private Report() {
    }

    /**
     * Writes the report of {@code jmhJson} into {@code directory}, creating it if needed and
     * replacing the report files there.
     *
     * @param jmhJson a JMH JSON result file
     * @param directory where to write
     * @return every file written
     * @throws IllegalArgumentException naming the file if it is not a JMH JSON result file
     * @throws UncheckedIOException naming the file if one cannot be read or written
     */
    public static List<Path> write(Path jmhJson, Path directory) {
        Results results = new Results(JmhResults.read(jmhJson));
        try {
            Files.createDirectories(directory);
            Path csv = directory.resolve(CSV);
            CsvReport.write(results, csv);
            Path markdown = directory.resolve(MARKDOWN);
            Files.writeString(markdown, markdown(results));
            List<Path> charts = Charts.write(results, directory);
            return Stream.concat(Stream.of(csv, markdown), charts.stream()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report in " + directory, e);
        }
    }

    /**
     * Renders the figures and a table of every result as Markdown.
     *
     * @param results the results of one run
     * @return Markdown text
     */
    public static String markdown(Results results) {
        Set<String> jdks = new TreeSet<>();
        results.all().forEach(r -> jdks.add(r.jdkVersion()));
        StringBuilder text = new StringBuilder("## Figures\n\nJDK ").append(String.join(", ", jdks))
                .append(". Every figure is a ratio of scores from this one run.\n\n");
        Figures.of(results).forEach(table -> text.append(table.toMarkdown()));
        text.append(allResults(results).toMarkdown());
        return text.toString();
    }

    private static Table allResults(Results results) {
        List<List<String>> rows = results.all().stream().map(r -> List.of(
                r.shortName(), r.mode(), parameters(r.params()), Numbers.rate(r.score()),
                Double.isNaN(r.scoreError()) ? "" : Numbers.rate(r.scoreError()), r.unit())).toList();
        return new Table("Every result", "", List.of("benchmark", "mode", "parameters", "score", "error", "unit"), rows);
    }

    private static String parameters(Map<String, String> params) {
        StringBuilder text = new StringBuilder();
        new TreeSet<>(params.keySet()).stream().filter(k -> !k.equals("dataDir")).forEach(k -> {
            if (!text.isEmpty()) {
                text.append(", ");
            }
            text.append(k).append('=').append(params.get(k));
        });
        return text.toString();
    }
}
