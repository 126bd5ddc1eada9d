// The seams (VitrineSeams: the display, input, loop, time and backlight protocols and the
// values they carry) are part of what `import VitrineCore` gives the toolkit and an app.
@_exported import VitrineSeams
