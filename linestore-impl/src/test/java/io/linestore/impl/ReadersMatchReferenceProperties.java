package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.LineStore;
import io.linestore.gen.ReferenceLines;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/** For random bytes, random stores and random ranges, every reader returns what the reference splitter does. */
class ReadersMatchReferenceProperties {

    /** Bytes that exercise the semantics: terminators, carriage returns, UTF-8 fragments, NUL. */
    private static final byte[] ALPHABET = {'a', 'b', '\n', '\n', '\r', 0, (byte) 0xC3, (byte) 0xA9, (byte) 0xE2,
            (byte) 0x82, (byte) 0xAC, (byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80, (byte) 0xFF};

    @Property(tries = 300)
    void everyReaderEqualsTheReferenceSplitter(
            @ForAll("texts") byte[] input,
            @ForAll("configs") StoreConfig config,
            @ForAll @IntRange(max = 40) int offset,
            @ForAll @IntRange(max = 40) int size) throws IOException {
        Path dir = Files.createTempDirectory("linestore-property");
        try (LineStore store = config.build(input, dir.resolve("store"))) {
            assertThat(store.read(offset, size))
                    .isEqualTo(ReferenceLines.range(ReferenceLines.strings(input), offset, size));
            List<byte[]> bytes = new ArrayList<>();
            store.readBytes(offset, size, (number, line) -> {
                byte[] copy = new byte[line.remaining()];
                line.duplicate().get(copy);
                bytes.add(copy);
            });
            assertThat(bytes).containsExactlyElementsOf(
                    ReferenceLines.range(ReferenceLines.split(input), offset, size));
        } finally {
            delete(dir);
        }
    }

    @Provide
    Arbitrary<byte[]> texts() {
        return Arbitraries.of(toList(ALPHABET)).list().ofMaxSize(120).map(list -> {
            byte[] bytes = new byte[list.size()];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = list.get(i);
            }
            return bytes;
        });
    }

    @Provide
    Arbitrary<StoreConfig> configs() {
        return Arbitraries.of(StoreConfig.all());
    }

    private static List<Byte> toList(byte[] bytes) {
        List<Byte> list = new ArrayList<>();
        for (byte b : bytes) {
            list.add(b);
        }
        return list;
    }

    private static void delete(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
