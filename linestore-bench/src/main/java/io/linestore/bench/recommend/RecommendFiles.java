package io.linestore.bench.recommend;

import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.databind.deser.std.FromStringDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.linestore.Compression;
import io.linestore.IndexKind;
import io.linestore.bench.recommend.Recommendation.Score;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * Writes what {@code recommend --out DIR} keeps: {@value #JSON} (every trial of every cell, and the
 * decision with its reasons), {@value #CSV} (one row per cell: median, interval and every trial),
 * {@value #MARKDOWN} (the printed tables) and the {@link RecommendCharts PNG charts}; and reads the
 * measurements of a {@value #JSON} back, so a recorded run can be decided again. Stateless.
 */
public final class RecommendFiles {

    /** The JSON file's name. */
    public static final String JSON = "recommend.json";

    /** The CSV file's name. */
    public static final String CSV = "recommend.csv";

    /** The Markdown file's name. */
    public static final String MARKDOWN = "recommend.md";

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .registerModule(new SimpleModule().addSerializer(IndexKind.class, ToStringSerializer.instance)
                    .addDeserializer(IndexKind.class, new TextForm<>(IndexKind.class, IndexKind::parse))
                    .addSerializer(Compression.class, ToStringSerializer.instance)
                    .addDeserializer(Compression.class, new TextForm<>(Compression.class, Compression::parse)));
    private static final CsvMapper CSV_MAPPER = new CsvMapper();

    private RecommendFiles() {
    }

    /**
     * Writes every file into {@code directory}, creating it if needed and replacing files there.
     *
     * @param recommendation the recommendation and its measurements
     * @param directory where to write
     * @return the files written
     * @throws UncheckedIOException naming the directory or file if one cannot be written
     */
    public static List<Path> write(Recommendation recommendation, Path directory) {
        try {
            Files.createDirectories(directory);
            Path json = directory.resolve(JSON);
            MAPPER.writerWithDefaultPrettyPrinter().writeValue(json.toFile(), json(recommendation));
            Path csv = directory.resolve(CSV);
            writeCsv(recommendation.measurements(), csv);
            Path markdown = directory.resolve(MARKDOWN);
            StringBuilder text = new StringBuilder();
            RecommendTables.of(recommendation).forEach(table -> text.append(table.toMarkdown()));
            recommendation.reasons().forEach(reason -> text.append("- ").append(reason).append('\n'));
            Files.writeString(markdown, text);
            return Stream.concat(Stream.of(json, csv, markdown),
                    RecommendCharts.write(recommendation, directory).stream()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the results in " + directory, e);
        }
    }

    /**
     * Reads the measurements of a {@value #JSON} file.
     *
     * @param json the file
     * @return its measurements
     * @throws UncheckedIOException naming the file if it cannot be read or holds no measurements
     */
    public static Measurements readMeasurements(Path json) {
        try {
            JsonNode measurements = MAPPER.readTree(json.toFile()).path("measurements");
            if (!measurements.isObject()) {
                throw new IOException("no \"measurements\" object");
            }
            return MAPPER.treeToValue(measurements, Measurements.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read recommend measurements from " + json + ": " + e.getMessage(), e);
        }
    }

    private static ObjectNode json(Recommendation recommendation) {
        ObjectNode root = MAPPER.createObjectNode();
        ObjectNode decision = root.putObject("recommendation");
        decision.put("candidate", recommendation.choice().name());
        decision.put("reader", recommendation.reader().name());
        if (recommendation.autoThresholdBytes().isPresent()) {
            decision.put("autoThresholdBytes", recommendation.autoThresholdBytes().getAsLong());
        }
        recommendation.crossover().thresholdBytes()
                .ifPresent(t -> decision.set("crossoverBytes", MAPPER.valueToTree(t)));
        recommendation.reasons().forEach(decision.putArray("reasons")::add);
        ArrayNode scores = decision.putArray("scores");
        for (Score score : recommendation.scores()) {
            ObjectNode node = scores.addObject();
            node.put("candidate", score.candidate().name());
            node.set("readsPerSecond", MAPPER.valueToTree(score.readsPerSecond()));
            node.set("ofFastest", MAPPER.valueToTree(score.ofFastest()));
            node.put("standing", score.standing().name());
        }
        root.set("measurements", MAPPER.valueToTree(recommendation.measurements()));
        return root;
    }

    private static void writeCsv(Measurements measurements, Path file) throws IOException {
        List<String> header = new ArrayList<>(List.of("candidate", "reader", "position", "lines_per_read",
                "bytes_per_read", "median", "low", "high"));
        IntStream.rangeClosed(1, measurements.trials()).forEach(t -> header.add("trial_" + t));
        try (SequenceWriter out = CSV_MAPPER.writer(CsvSchema.emptySchema()).writeValues(file.toFile())) {
            out.write(header);
            for (Cell cell : measurements.cells()) {
                Interval interval = Interval.ofMedian(cell.readsPerSecond());
                List<String> row = new ArrayList<>(List.of(cell.candidate(), cell.reader().name(),
                        cell.position().name(), String.valueOf(cell.linesPerRead()), String.valueOf(cell.bytesPerRead()),
                        Double.toString(interval.median()), Double.toString(interval.low()),
                        Double.toString(interval.high())));
                cell.readsPerSecond().forEach(r -> row.add(Double.toString(r)));
                out.write(row);
            }
        }
    }

    /**
     * A value from its text form, as {@code toString} writes it: an index kind ({@code dense},
     * {@code sparse:64}), a compression ({@code none}, {@code zstd:3}).
     */
    private static final class TextForm<T> extends FromStringDeserializer<T> {

        private static final long serialVersionUID = 1L;

        private final transient Function<String, T> parse;

        TextForm(Class<T> type, Function<String, T> parse) {
            super(type);
            this.parse = parse;
        }

        @Override
        protected T _deserialize(String value, DeserializationContext context) {
            return parse.apply(value);
        }
    }
}
