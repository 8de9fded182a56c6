package io.linestore.impl.powerloss;

import java.io.IOException;
import java.net.URI;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.ProviderMismatchException;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;

/**
 * A path of a {@link PowerLossFileSystem}: a path of the default file system underneath, so that
 * every file operation on it goes through {@link PowerLossProvider}. {@link #toFile()} fails, as for
 * any path not of the default file system: a writer that uses it would escape the model.
 */
final class PowerLossPath implements Path {

    private final PowerLossFileSystem fs;
    private final Path delegate;

    PowerLossPath(PowerLossFileSystem fs, Path delegate) {
        this.fs = fs;
        this.delegate = delegate;
    }

    /** The default file system's path underneath. */
    Path delegate() {
        return delegate;
    }

    private Path wrap(Path path) {
        return path == null ? null : new PowerLossPath(fs, path);
    }

    private Path unwrap(Path path) {
        if (path instanceof PowerLossPath other && other.fs == fs) {
            return other.delegate;
        }
        throw new ProviderMismatchException("not a path of this power-loss file system: " + path);
    }

    @Override
    public PowerLossFileSystem getFileSystem() {
        return fs;
    }

    @Override
    public boolean isAbsolute() {
        return delegate.isAbsolute();
    }

    @Override
    public Path getRoot() {
        return wrap(delegate.getRoot());
    }

    @Override
    public Path getFileName() {
        return wrap(delegate.getFileName());
    }

    @Override
    public Path getParent() {
        return wrap(delegate.getParent());
    }

    @Override
    public int getNameCount() {
        return delegate.getNameCount();
    }

    @Override
    public Path getName(int index) {
        return wrap(delegate.getName(index));
    }

    @Override
    public Path subpath(int beginIndex, int endIndex) {
        return wrap(delegate.subpath(beginIndex, endIndex));
    }

    @Override
    public boolean startsWith(Path other) {
        return other instanceof PowerLossPath path && path.fs == fs && delegate.startsWith(path.delegate);
    }

    @Override
    public boolean endsWith(Path other) {
        return other instanceof PowerLossPath path && path.fs == fs && delegate.endsWith(path.delegate);
    }

    @Override
    public Path normalize() {
        return wrap(delegate.normalize());
    }

    @Override
    public Path resolve(Path other) {
        return wrap(delegate.resolve(unwrap(other)));
    }

    @Override
    public Path relativize(Path other) {
        return wrap(delegate.relativize(unwrap(other)));
    }

    @Override
    public URI toUri() {
        throw new UnsupportedOperationException("a power-loss path has no URI: " + delegate);
    }

    @Override
    public Path toAbsolutePath() {
        return wrap(delegate.toAbsolutePath());
    }

    @Override
    public Path toRealPath(LinkOption... options) throws IOException {
        fs.powerLossProvider().alive();
        return wrap(delegate.toRealPath(options));
    }

    @Override
    public WatchKey register(WatchService watcher, WatchEvent.Kind<?>[] events, WatchEvent.Modifier... modifiers) {
        throw new UnsupportedOperationException("watching a power-loss path");
    }

    @Override
    public int compareTo(Path other) {
        return delegate.compareTo(unwrap(other));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PowerLossPath path && path.fs == fs && path.delegate.equals(delegate);
    }

    @Override
    public int hashCode() {
        return delegate.hashCode();
    }

    @Override
    public String toString() {
        return delegate.toString();
    }
}
