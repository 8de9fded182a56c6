package io.linestore.impl;

import static org.assertj.core.api.Assertions.assertThat;

import io.linestore.LineStore;
import io.linestore.LineStores;
import io.linestore.StoreNotFoundException;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.StoreFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What a store must be after a write that was cut short, by a kill or a power cut: it opens, passes
 * {@code verify} and holds whole lines of one store, and the next writer leaves nothing behind. The
 * checks the crash and power-loss tests share, with the numbered lines they write.
 */
final class StoreAfterWrite {

    private StoreAfterWrite() {
    }

    /**
     * The lines of the store at a path, after checking that it passes {@code verify}.
     *
     * @param target a store directory, or a file indexed in place
     * @param where what the failure message names first: the write and how to replay it
     * @return the lines, or {@code null} when there is no store at the path
     */
    static List<String> linesOf(Path target, String where) {
        try (LineStore store = LineStores.open(target)) {
            assertThat(store.verify().problems()).as(where + ": " + target).isEmpty();
            return store.read(0, Integer.MAX_VALUE);
        } catch (StoreNotFoundException e) {
            return null;
        } catch (RuntimeException e) {
            throw new AssertionError(where + ": " + target + " cannot be read: " + e, e);
        }
    }

    /**
     * Checks that the directory holds the manifest, the lock and exactly the files the manifest names
     * (a compressed file's checkpoints among them),
     * each of exactly its committed size.
     */
    static void assertNoLeftOvers(Path dir, String where) throws IOException {
        Manifest manifest = ManifestCodec.read(dir);
        Set<Path> expected = new HashSet<>(List.of(dir.resolve(StoreFiles.MANIFEST), dir.resolve(StoreFiles.WRITE_LOCK)));
        for (int k = 0; k < manifest.shards().size(); k++) {
            if (manifest.source() == null) {
                Path data = StoreFiles.dataPath(dir, manifest, k);
                expected.add(data);
                assertThat(Files.size(data)).as(where + ": " + data).isEqualTo(manifest.shards().get(k).dataBytes());
            }
            if (manifest.indexStride() > 0) {
                Path index = StoreFiles.indexPath(dir, manifest, k);
                expected.add(index);
                assertThat(Files.size(index)).as(where + ": " + index)
                        .isEqualTo(manifest.shards().get(k).indexBytes());
            }
        }
        if (manifest.compression().inPlace()) {
            Path checkpoints = StoreFiles.checkpoints(dir, manifest).path();
            expected.add(checkpoints);
            assertThat(Files.size(checkpoints)).as(where + ": " + checkpoints)
                    .isEqualTo(manifest.source().checkpointsBytes());
        }
        try (Stream<Path> files = Files.walk(dir)) {
            assertThat(files.filter(Files::isRegularFile)).as(where).containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    /** Lines {@code 0 .. count-1} with a prefix, as {@link #lineText} makes them. */
    static List<String> lines(String prefix, int count) {
        List<String> lines = new ArrayList<>(count);
        for (int n = 0; n < count; n++) {
            lines.add(lineText(prefix, n));
        }
        return lines;
    }

    /** Line {@code n} of the lines with a prefix. */
    static String lineText(String prefix, long n) {
        return prefix + " " + n + " the quick brown fox";
    }

    /** Both lists, one after the other. */
    static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }
}
