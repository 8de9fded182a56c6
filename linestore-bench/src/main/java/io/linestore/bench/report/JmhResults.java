package io.linestore.bench.report;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the JSON file JMH writes with {@code -rf json}. Thread-safe; holds no state. */
public final class JmhResults {

    private static final ObjectMapper JSON = new ObjectMapper();

    private JmhResults() {
    }

    /**
     * Reads every result in a JMH JSON file, in file order.
     *
     * @param file the JSON file
     * @return the results
     * @throws IllegalArgumentException naming the file if it is not a JMH JSON result file
     * @throws UncheckedIOException naming the file if it cannot be read
     */
    public static List<JmhResult> read(Path file) {
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (JacksonException e) {
            throw new IllegalArgumentException("not a JMH JSON result file: " + file + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        if (root == null || !root.isArray()) {
            throw new IllegalArgumentException("not a JMH JSON result file: " + file + ": expected an array");
        }
        List<JmhResult> results = new ArrayList<>();
        for (JsonNode row : root) {
            results.add(toResult(file, row));
        }
        return results;
    }

    private static JmhResult toResult(Path file, JsonNode row) {
        JsonNode metric = row.path("primaryMetric");
        if (!row.path("benchmark").isTextual() || !metric.path("score").isNumber()) {
            throw new IllegalArgumentException("not a JMH JSON result file: " + file
                    + ": a result lacks benchmark or primaryMetric.score");
        }
        Map<String, String> params = new LinkedHashMap<>();
        row.path("params").properties().forEach(p -> params.put(p.getKey(), p.getValue().asText()));
        Map<String, Double> percentiles = new LinkedHashMap<>();
        metric.path("scorePercentiles").properties().forEach(p -> percentiles.put(p.getKey(), p.getValue().asDouble()));
        JsonNode error = metric.path("scoreError");
        return new JmhResult(
                row.path("benchmark").asText(),
                row.path("mode").asText(),
                params,
                metric.path("score").asDouble(),
                error.isNumber() ? error.asDouble() : Double.NaN,
                metric.path("scoreUnit").asText(),
                percentiles,
                row.path("jdkVersion").asText());
    }
}
