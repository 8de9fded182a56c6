package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.WriteOptions;
import io.linestore.gen.ReferenceLines;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.StoreFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What is written does not depend on how the input was buffered. The contract suite writes through
 * 3-byte chunks; here random texts of a few kilobytes go through chunks from 3 bytes to larger than
 * the input, read from a file (two reader threads) or a stream, so that the scan's 64-byte steps, a
 * block of line ends filled by short lines, and runs of index entries that fill the index writer's
 * buffer part-way all happen. Each store reads back as the reference splitter splits its input and
 * passes {@code verify}. Each case is made from its seed alone.
 */
class WriteBufferSizesTest {

    private static final List<Integer> BUFFER_SIZES = List.of(3, 64, 100, 777, 4096, 1 << 20);
    private static final List<StoreConfig> CONFIGS = StoreConfig.all().stream()
            .filter(config -> config.index().stride() > 0)
            .toList();

    static LongStream seeds() {
        return LongStream.range(0, 120);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void everyBufferSizeWritesTheSameLines(long seed, @TempDir(factory = MemoryTempDirs.class) Path dir)
            throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        StoreConfig config = CONFIGS.get((int) (seed % CONFIGS.size()));
        int bufferSize = BUFFER_SIZES.get(random.nextInt(BUFFER_SIZES.size()));
        WriteOptions write = WriteOptions.builder().writeBufferSize(bufferSize).build();
        byte[] input = text(random);
        Path file = Files.write(dir.resolve("input.txt"), config.sidecar() ? config.fileBytes(input) : input);
        Path store = config.sidecar() ? file : dir.resolve("store");
        boolean fromFile = random.nextBoolean();
        if (config.sidecar()) {
            LineStores.index(file, config.indexOptions(), write);
        } else if (fromFile) {
            LineStores.build(file, store, config.storeOptions(), write);
        } else {
            try (InputStream stream = Files.newInputStream(file)) {
                LineStores.build(stream, store, config.storeOptions(), write);
            }
        }
        String replay = "seed %d: %s, buffer %d, %s, %d bytes".formatted(seed, config, bufferSize,
                fromFile ? "from a file" : "from a stream", input.length);

        try (LineStore lines = LineStores.open(store, config.readOptions())) {
            List<String> expected = ReferenceLines.strings(input);
            assertThat(lines.lineCount()).as(replay).isEqualTo(expected.size());
            assertThat(lines.read(0, expected.size())).as(replay).isEqualTo(expected);
            assertThat(lines.verify().ok()).as(replay + ": " + lines.verify()).isTrue();
            // The flag that lets a read send stored bytes as they are: a line ending in \r\n anywhere in a
            // shard, or a file's unterminated last line, must clear it, whatever chunk the \r was in.
            Manifest manifest = ManifestCodec.read(config.sidecar() ? StoreFiles.sidecarDir(file) : store);
            List<Boolean> crlf = crlfEndings(input);
            boolean unterminated = input.length > 0 && input[input.length - 1] != '\n';
            long perShard = manifest.linesPerShard();
            for (int shard = 0; shard < manifest.shards().size(); shard++) {
                int first = (int) (shard * perShard);
                int end = (int) Math.min(crlf.size(), first + perShard);
                boolean lone = !crlf.subList(first, end).contains(true)
                        && !(config.sidecar() && unterminated && end == crlf.size());
                assertThat(manifest.shards().get(shard).loneNewlines()).as(replay + ", shard " + shard)
                        .isEqualTo(lone);
            }
            ByteArrayOutputStream sent = new ByteArrayOutputStream();
            lines.transferTo(0, expected.size(), Channels.newChannel(sent));
            ByteArrayOutputStream terminated = new ByteArrayOutputStream();
            ReferenceLines.split(input).forEach(line -> {
                terminated.writeBytes(line);
                terminated.write('\n');
            });
            assertThat(sent.toByteArray()).as(replay).isEqualTo(terminated.toByteArray());
        }
    }

    /** For each line of a text, whether its terminator is {@code \r\n}. */
    private static List<Boolean> crlfEndings(byte[] text) {
        List<Boolean> crlf = new java.util.ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length; i++) {
            if (text[i] == '\n') {
                crlf.add(i > start && text[i - 1] == '\r');
                start = i + 1;
            }
        }
        if (start < text.length) {
            crlf.add(false);
        }
        return crlf;
    }

    /**
     * Up to 60 lines, a few kilobytes: lines of 0 to 7 bytes (more ends than a block of line ends holds for
     * a chunk) or of 20 to 200, in runs; in half the texts some lines end in {@code \r\n}; the last line
     * sometimes has no terminator.
     */
    private static byte[] text(SplittableRandom random) {
        StringBuilder text = new StringBuilder();
        int lines = random.nextInt(60);
        boolean someCrlf = random.nextBoolean();
        for (int i = 0; i < lines; ) {
            boolean shortLines = random.nextBoolean();
            for (int run = 1 + random.nextInt(15); run > 0 && i < lines; run--, i++) {
                int length = shortLines ? random.nextInt(8) : random.nextInt(20, 201);
                for (int k = 0; k < length; k++) {
                    text.append((char) ('a' + random.nextInt(26)));
                }
                text.append(someCrlf && random.nextInt(5) == 0 ? "\r\n" : "\n");
            }
        }
        if (random.nextBoolean()) {
            text.append("unterminated");
        }
        return text.toString().getBytes(StandardCharsets.US_ASCII);
    }
}
