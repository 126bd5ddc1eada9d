// The seams (VitrineSeams: the display, input, loop, time and backlight protocols and the
// values they carry) are part of what `import Vitrine` gives an app and the toolkit.
@_exported import VitrineSeams
